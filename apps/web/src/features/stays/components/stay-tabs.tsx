import { copy } from "@doorstep/shared/copy";
import { STAY_TABS, type StayTab } from "@doorstep/shared/schemas/stays";
import { useRef, type KeyboardEvent } from "react";

export const stayTabId = (tab: StayTab) => `stays-tab-${tab}`;
export const STAY_TABPANEL_ID = "stays-tabpanel";

/**
 * Upcoming, Past, Cancelled as tabs (WAI-ARIA tabs: one tab stop; arrows, Home and End move and choose).
 * The panel is the list below, labelled by the chosen tab.
 */
export function StayTabs({ value, onChange }: { value: StayTab; onChange: (tab: StayTab) => void }) {
  const refs = useRef<Partial<Record<StayTab, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent) => {
    const index = STAY_TABS.indexOf(value);
    const last = STAY_TABS.length - 1;
    const next =
      event.key === "ArrowRight"
        ? (index + 1) % STAY_TABS.length
        : event.key === "ArrowLeft"
          ? (index + last) % STAY_TABS.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = STAY_TABS[next] ?? "upcoming";
    onChange(tab);
    refs.current[tab]?.focus();
  };

  return (
    <div className="stay-tabs" role="tablist" aria-label={copy.stays.title} onKeyDown={onKeyDown}>
      {STAY_TABS.map((tab) => (
        <button
          key={tab}
          ref={(el) => {
            refs.current[tab] = el;
          }}
          type="button"
          role="tab"
          id={stayTabId(tab)}
          className="stay-tabs__tab"
          aria-selected={tab === value}
          aria-controls={STAY_TABPANEL_ID}
          tabIndex={tab === value ? 0 : -1}
          onClick={() => onChange(tab)}
        >
          {copy.stays.tabs[tab]}
        </button>
      ))}
    </div>
  );
}
