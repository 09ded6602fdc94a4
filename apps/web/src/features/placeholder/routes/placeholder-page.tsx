import { copy } from "@doorstep/shared/copy";
import { ButtonLink } from "../../../components/ui/button.tsx";
import "./placeholder-page.css";

/** A page that a later issue fills in; it exists now so every home tile leads somewhere. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <div className="placeholder">
      <h1>{title}</h1>
      <p className="muted">{copy.placeholderPage.comingSoon}</p>
      <ButtonLink to="/" variant="secondary">
        {copy.common.backToDashboard}
      </ButtonLink>
    </div>
  );
}

/** Unknown addresses. */
export function NotFoundPage() {
  return (
    <div className="placeholder">
      <h1>{copy.errors.pageNotFound}</h1>
      <ButtonLink to="/" variant="secondary">
        {copy.common.backToDashboard}
      </ButtonLink>
    </div>
  );
}
