import { copy } from "@doorstep/shared/copy";
import { ButtonLink } from "../../../components/ui/button.tsx";
import { useOwnBackLink } from "../../../components/ui/page-back-link.ts";
import "./placeholder-page.css";

/** A placeholder page's title: a key, so the router (first view) carries no copy of its own. */
export type PlaceholderTitle = keyof typeof copy.placeholderPage.titles;

/** A page that a later issue fills in; it exists now so every home tile leads somewhere. */
export function PlaceholderPage({ title }: { title: PlaceholderTitle }) {
  useOwnBackLink();
  return (
    <div className="placeholder">
      <h1>{copy.placeholderPage.titles[title]}</h1>
      <p className="muted">{copy.placeholderPage.comingSoon}</p>
      <ButtonLink to="/" variant="secondary">
        {copy.common.backToDashboard}
      </ButtonLink>
    </div>
  );
}

/** Unknown addresses. */
export function NotFoundPage() {
  useOwnBackLink();
  return (
    <div className="placeholder">
      <h1>{copy.errors.pageNotFound}</h1>
      <ButtonLink to="/" variant="secondary">
        {copy.common.backToDashboard}
      </ButtonLink>
    </div>
  );
}
