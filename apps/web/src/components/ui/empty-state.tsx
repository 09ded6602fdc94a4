import type { ReactNode } from "react";
import "./empty-state.css";

/** The dashed box that stands where a list of property cards has none (home, /properties). */
export function EmptyState({ children, role }: { children: ReactNode; role?: "status" }) {
  return (
    <div className="empty-state" role={role}>
      <p>{children}</p>
    </div>
  );
}
