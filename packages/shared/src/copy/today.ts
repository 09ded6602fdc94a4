/**
 * Copy: the home's Today panel (arrivals, departures, unread messages, calendar feeds with errors). Its own module, so the home loads
 * only these few words for it (decision 017).
 */
export const todayCopy = {
  today: {
    title: "Today",
    arrivals: "Arrivals",
    departures: "Departures",
    days: { today: "Today", tomorrow: "Tomorrow" },
    noArrivals: "No arrivals today or tomorrow.",
    noDepartures: "No departures today or tomorrow.",
    quiet: "No guests arrive or leave today or tomorrow.",
    allStays: "All stays",
    unread: (count: number) => (count === 1 ? "1 unread message" : `${count} unread messages`),
    noUnread: "No unread messages",
    /** A time on the property's clock, named by its zone when that is not the browser's. */
    localTime: (time: string, place: string | null) => (place ? `${time} ${place} time` : time),
    loadError: "Today's arrivals and departures could not be loaded.",
    // Issue 37 item 1: calendar feeds whose last read failed, each a link to its property's feeds.
    feedErrorsTitle: "Calendar feeds with errors",
    feedError: (channel: string, property: string) => `${property}: the ${channel} calendar could not be read`,
  },
} as const;
