import { STAY_TABS, type StayTab } from "@doorstep/shared/schemas/stays";

/** What the stays list shows, kept in the address's query so a reload, back and forward show it again. */
export interface StayListParams {
  tab: StayTab;
  /** A property's web link id; null for every property. */
  propertyId: string | null;
  /** The guest-name search, trimmed; "" for none. */
  q: string;
}

function isStayTab(value: string | null): value is StayTab {
  return value !== null && (STAY_TABS as readonly string[]).includes(value);
}

/** The list's state in `search`; anything missing or unknown is the default (Upcoming, every property). */
export function readStayListParams(search: URLSearchParams): StayListParams {
  const tab = search.get("tab");
  return {
    tab: isStayTab(tab) ? tab : "upcoming",
    propertyId: search.get("property") || null,
    q: (search.get("q") ?? "").trim(),
  };
}

/**
 * `search` with `change` applied; defaults are left out, so the plain list is the plain address, and
 * parameters the list does not own are kept.
 */
export function writeStayListParams(search: URLSearchParams, change: Partial<StayListParams>): URLSearchParams {
  const next = { ...readStayListParams(search), ...change };
  const result = new URLSearchParams(search);
  const set = (key: string, value: string | null, fallback: string) => {
    if (value === null || value === fallback) result.delete(key);
    else result.set(key, value);
  };
  set("tab", next.tab, "upcoming");
  set("property", next.propertyId, "");
  set("q", next.q.trim(), "");
  return result;
}

/**
 * Whether a new search term adds a history entry: the first search does (back returns to the unsearched
 * list), while refining it as the host types replaces the entry, so back is not one step per pause.
 */
export function searchPushesHistory(previousQ: string, nextQ: string): boolean {
  return previousQ === "" && nextQ !== "";
}
