import { copy } from "@doorstep/shared/copy";
import { templateFill } from "@doorstep/shared/rules/content";
import { Link } from "./ui/link.tsx";
import "./content-sections.css";

/** What a row shows of a content category: its title, item count and suggestions (templates) filled. */
export interface ContentSection {
  label: string;
  title: string;
  totalItemCount: number;
  templateCount: number;
  filledTemplateCount: number;
  children?: readonly { templateCount: number; filledTemplateCount: number }[];
}

/**
 * Content categories with their item counts and filled suggestions, each a link to its page (CONT-01): as
 * bordered cards on the content pages, as rows between rules in the property overview's "Guide content".
 */
export function ContentSections<T extends ContentSection>({
  categories,
  to,
  look,
}: {
  categories: readonly T[];
  to: (category: T) => string;
  look: "cards" | "rows";
}) {
  return (
    <ul className={`content-sections content-sections--${look}`}>
      {categories.map((category) => {
        const fill = templateFill(category);
        return (
          <li key={category.label}>
            <Link className="content-section" to={to(category)}>
              <span className="content-section__title">{category.title}</span>
              <span className="content-section__count">
                {copy.content.filledCount(category.totalItemCount)}
                {fill.templates > 0 ? (
                  <span className="content-section__fill">
                    {copy.content.templatesFilled(fill.filled, fill.templates)}
                  </span>
                ) : null}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
