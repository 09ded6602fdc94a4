import type { ReactNode } from "react";
import "./banner.css";

export type BannerTone = "info" | "warning" | "danger" | "success" | "accent";

interface BannerProps {
  tone?: BannerTone;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  /** Accessible name of the region, when the banner has no visible title. */
  label?: string;
}

/** A prominent message band, used for the one home banner (HOME-03). */
export function Banner({ tone = "info", title, children, action, label }: BannerProps) {
  return (
    <section className={`banner banner--${tone}`} aria-label={label}>
      <div className="banner__body">
        {title ? <div className="banner__title">{title}</div> : null}
        {children}
      </div>
      {action ? <div className="banner__action">{action}</div> : null}
    </section>
  );
}

interface AlertProps {
  tone?: "danger" | "success";
  children: ReactNode;
}

/** An inline message after an action; errors use role="alert", confirmations role="status". */
export function Alert({ tone = "danger", children }: AlertProps) {
  return (
    <div className={`alert alert--${tone}`} role={tone === "danger" ? "alert" : "status"}>
      {children}
    </div>
  );
}
