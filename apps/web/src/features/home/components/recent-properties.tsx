import { copy } from "@doorstep/shared/copy";
import { ButtonLink } from "../../../components/ui/button.tsx";

/**
 * "Recently Modified Properties" (HOME-08…12). Properties arrive with the properties issue; until
 * then the section shows its empty state and the create link.
 */
export function RecentProperties() {
  return (
    <section className="home-section" aria-labelledby="home-recent">
      <div className="home-section__head">
        <h2 id="home-recent">{copy.home.recentProperties}</h2>
        <ButtonLink to="/create-property" size="sm">
          {copy.home.createNewProperty}
        </ButtonLink>
      </div>
      <div className="empty-state">
        <p>{copy.home.noProperties}</p>
      </div>
    </section>
  );
}
