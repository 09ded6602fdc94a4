import { copy } from "@doorstep/shared/copy";
import { useEffect, useId, useRef, type ReactNode } from "react";

interface SetupSectionProps {
  number: number;
  title: string;
  done: boolean;
  /** What the section holds, shown while it is closed. */
  summary?: ReactNode;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/** One section of setup-basics (PROP-32, PROP-33): a disclosure whose heading says whether it is done. */
export function SetupSection({ number, title, done, summary, open, onToggle, children }: SetupSectionProps) {
  const panelId = useId();
  const ref = useRef<HTMLElement>(null);
  const wasOpen = useRef(open);

  // When a section opens by itself, bring it into view (PROP-33).
  useEffect(() => {
    if (open && !wasOpen.current) ref.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
    wasOpen.current = open;
  }, [open]);

  return (
    <section
      ref={ref}
      className={`setup-section${open ? " setup-section--open" : ""}${done ? " setup-section--done" : ""}`}
    >
      <h2 className="setup-section__heading">
        <button
          type="button"
          className="setup-section__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <span className="setup-section__number" aria-hidden="true">
            {done ? "✓" : number}
          </span>
          <span className="setup-section__title">{title}</span>
          <span className={`setup-section__state${done ? " setup-section__state--done" : ""}`}>
            {done ? copy.setup.done : copy.setup.notDone}
          </span>
        </button>
      </h2>
      {!open && summary ? <div className="setup-section__summary">{summary}</div> : null}
      <div id={panelId} className="setup-section__panel" hidden={!open}>
        {open ? children : null}
      </div>
    </section>
  );
}

interface SectionActionsProps {
  busy: boolean;
  canSave: boolean;
  onSkip?: () => void;
  label?: string;
}

/** "Save and continue" and "Skip for now" at the bottom of a section. */
export function SectionActions({ busy, canSave, onSkip, label = copy.setup.next }: SectionActionsProps) {
  return (
    <div className="setup-section__actions">
      <button
        type="submit"
        className="btn btn--primary btn--sm"
        disabled={busy || !canSave}
        aria-busy={busy || undefined}
      >
        {busy ? <span className="btn__spinner" aria-hidden="true" /> : null}
        {busy ? copy.common.saving : label}
      </button>
      {onSkip ? (
        <button type="button" className="btn btn--ghost btn--sm" onClick={onSkip} disabled={busy}>
          {copy.setup.skip}
        </button>
      ) : null}
    </div>
  );
}
