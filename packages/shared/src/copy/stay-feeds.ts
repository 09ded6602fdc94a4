import type { FeedEventCounts, FeedFetchFailure, FeedParseFailure } from "../rules/stay-feeds.ts";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Copy: calendar (iCal) feeds of a property's stays. Part of the one catalogue in ../copy.ts; our own words. */
export const stayFeedsCopy = {
  stayFeeds: {
    heading: "Calendar feeds",
    intro: (minutes: number) =>
      `Paste the calendar (iCal) export link from Airbnb, Booking.com, Vrbo or your property-management system. Doorstep reads it every ${minutes === 1 ? "minute" : `${minutes} minutes`}.`,
    empty: "No calendar feeds yet.",
    add: "Add calendar feed",
    urlLabel: "Calendar (iCal) link",
    urlHint: "A secret link: anyone who has it can read the calendar. Doorstep stores it encrypted.",
    channelLabel: "Channel name",
    channelHint: "For example Airbnb, Booking.com or Vrbo. Shown on the stays it creates.",
    save: "Save calendar feed",
    saveChanges: "Save changes",
    cancel: "Cancel",
    edit: "Edit",
    editTitle: (channel: string) => `Edit ${channel} feed`,
    remove: "Remove",
    removeTitle: (channel: string) => `Remove the ${channel} feed?`,
    removeBody:
      "Doorstep stops reading this calendar. Stays it already created are kept, including future ones, but they no longer follow the channel: change or cancel them by hand.",
    removeConfirm: "Remove feed",
    syncNow: "Sync now",
    syncing: "Syncing…",
    lastSynced: (time: string) => `Last synced ${time}`,
    notSyncedYet: "Not synced yet",
    lastTried: (time: string) => `Last tried ${time}`,
    reservations: (n: number) => plural(n, "reservation", "reservations"),
    cancelledStays: (n: number) => plural(n, "stay cancelled", "stays cancelled"),
    /** A new stay's notes: what the feed's event says beside the dates. */
    feedNotes: (facts: { reservationUrl?: string; phoneLast4?: string }): string =>
      [
        facts.reservationUrl ? `Reservation: ${facts.reservationUrl}` : "",
        facts.phoneLast4 ? `Phone (last 4 digits): ${facts.phoneLast4}` : "",
      ]
        .filter(Boolean)
        .join("\n"),
    invalidUrl: "Use a full link beginning with http:// or https://.",
    channelRequired: "Give the channel a name.",
    /** Airbnb's feed says only "Reserved": the stay is named for its channel until the host adds the guest. */
    airbnbGuest: "Airbnb guest",
    /** A reservation whose feed gives no name at all (Booking.com, some property-management systems). */
    unnamedGuest: "Guest",
    fetchFailure: {
      "not-http": () => "The calendar link must start with http:// or https://.",
      "private-address": () =>
        "The calendar link points to a private or local network address, which Doorstep does not fetch.",
      "dns-failed": () => "The calendar link's address could not be found. Check the link.",
      "connection-failed": () => "The calendar's server could not be reached. We will try again.",
      timeout: ({ seconds }: { seconds: number }) =>
        `The calendar's server did not answer within ${seconds} seconds. We will try again.`,
      "too-large": ({ megabytes }: { megabytes: number }) =>
        `The calendar is larger than ${megabytes} MB, so it was not read.`,
      "too-many-redirects": ({ max }: { max: number }) =>
        `The calendar link redirected more than ${max} times. Copy the link again from the channel.`,
      "http-status": ({ status }: { status: number }) =>
        status === 404 || status === 410
          ? "The channel no longer serves this calendar link. Copy the link again from the channel."
          : status === 401 || status === 403
            ? "The channel refused to share this calendar. Copy the link again from the channel."
            : `The calendar's server answered with an error (HTTP ${status}). We will try again.`,
      "not-a-calendar": () => "The calendar link does not lead to a calendar (iCal) file. Check the link.",
    } satisfies Record<FeedFetchFailure, (params: never) => string>,
    parseFailure: {
      malformed: () => "The calendar file is damaged and could not be read.",
      "no-calendar": () => "The calendar file holds no calendar.",
    } satisfies Record<FeedParseFailure, (params: never) => string>,
    /** What the last sync left out, beside "Last synced"; empty when nothing was. */
    skipped: (counts: Pick<FeedEventCounts, "blocked" | "recurring" | "invalid">): string =>
      [
        counts.blocked > 0 ? plural(counts.blocked, "blocked period skipped", "blocked periods skipped") : "",
        counts.recurring > 0 ? plural(counts.recurring, "repeating event ignored", "repeating events ignored") : "",
        counts.invalid > 0 ? plural(counts.invalid, "unreadable event skipped", "unreadable events skipped") : "",
      ]
        .filter(Boolean)
        .join(", "),
  },
} as const;
