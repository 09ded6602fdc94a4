import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "./link.tsx";
import "./button.css";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: "md" | "sm";
  block?: boolean;
  busy?: boolean;
  children: ReactNode;
}

function classes(variant: ButtonVariant, size: "md" | "sm", block: boolean, extra?: string): string {
  return ["btn", `btn--${variant}`, `btn--${size}`, block ? "btn--block" : "", extra ?? ""].filter(Boolean).join(" ");
}

/** A real <button>; `busy` keeps its width and announces the pending state. */
export function Button({
  variant = "primary",
  size = "md",
  block = false,
  busy = false,
  type = "button",
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button type={type} className={classes(variant, size, block, className)} aria-busy={busy || undefined} {...rest}>
      {busy ? <span className="btn__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: "md" | "sm";
  block?: boolean;
}

/** A link (<a href>) that looks like a button: navigation stays a link (CONTRIBUTING.md: links are <a href>). */
export function ButtonLink({ variant = "primary", size = "md", block = false, className, ...rest }: ButtonLinkProps) {
  return <Link className={classes(variant, size, block, className)} {...rest} />;
}
