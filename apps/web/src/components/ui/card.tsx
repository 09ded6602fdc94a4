import type { ReactNode } from "react";
import "./card.css";

/** A surface that groups related content. */
export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={["card", className ?? ""].filter(Boolean).join(" ")}>{children}</div>;
}
