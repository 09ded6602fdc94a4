import type { ReactNode } from "react";
import { Link } from "./link.tsx";
import "./tile.css";

interface TileProps {
  to: string;
  title: string;
  icon?: ReactNode;
  children?: ReactNode;
}

/** A dashboard card that is one link (<a href>) (HOME-13…15). */
export function Tile({ to, title, icon, children }: TileProps) {
  return (
    <Link to={to} className="tile">
      {icon ? (
        <span className="tile__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span className="tile__text">
        <span className="tile__title">{title}</span>
        {children ? <span className="tile__detail">{children}</span> : null}
      </span>
      <span className="tile__chevron" aria-hidden="true">
        →
      </span>
    </Link>
  );
}

export function TileGrid({ children }: { children: ReactNode }) {
  return <div className="tile-grid">{children}</div>;
}
