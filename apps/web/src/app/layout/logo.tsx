import { shellCopy } from "@doorstep/shared/copy/shell";

/** The Doorstep mark and word; the surrounding link carries the accessible name. */
export function Logo() {
  return (
    <span className="logo" aria-hidden="true">
      <svg viewBox="0 0 32 32" width="32" height="32" focusable="false">
        <rect width="32" height="32" rx="9" fill="var(--color-primary)" />
        <path d="M11 24V9h6.5a7.5 7.5 0 0 1 0 15z" fill="none" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
        <circle cx="16.5" cy="16.5" r="1.6" fill="#fff" />
      </svg>
      <span className="logo__word">{shellCopy.brand}</span>
    </span>
  );
}
