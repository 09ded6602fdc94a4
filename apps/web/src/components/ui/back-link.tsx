import { Link } from "./link.tsx";
import { useOwnBackLink } from "./page-back-link.ts";
import "./back-link.css";

/** The page's back link (HOME-16): an <a href> with an arrow. */
export function BackLink({ to, children }: { to: string; children: string }) {
  useOwnBackLink();
  return (
    <Link to={to} className="back-link">
      <span aria-hidden="true">←</span> {children}
    </Link>
  );
}
