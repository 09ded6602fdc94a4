import { copy } from "@doorstep/shared/copy";
import { ButtonLink } from "./button.tsx";
import { useOwnBackLink } from "./page-back-link.ts";
import "./deleted-page.css";

/** XCUT-14: "{type} has been deleted" and the one way back (the dashboard, the manager list, the profile list). */
export function DeletedPage({ type, backTo, backLabel }: { type: string; backTo: string; backLabel: string }) {
  useOwnBackLink();
  return (
    <div className="deleted-page">
      <div className="deleted-page__mark" aria-hidden="true">
        ✓
      </div>
      <h1>{copy.deleted.title(type)}</h1>
      <ButtonLink to={backTo}>{backLabel}</ButtonLink>
    </div>
  );
}
