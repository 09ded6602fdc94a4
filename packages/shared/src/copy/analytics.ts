/** Copy: Guide Analytics (ANL, XCUT-45). Part of the one catalogue in ../copy.ts. */
export const analyticsCopy = {
  analytics: {
    title: "Guide Analytics",
    // ANL-01 / OPEN-54: the range choices; the default first.
    last7Days: "Last 7 Days",
    last30Days: "Last 30 Days",
    customRange: "Custom range",
    dateRange: "Date range",
    customFrom: "From",
    customTo: "To",
    // ANL-02
    allProperties: "All Properties",
    property: "Property",
    searchProperties: "Search properties",
    noPropertyMatches: "No property matches your search.",
    // ANL-07 / XCUT-45
    loadingData: "Loading data...",
    loadingDataPercent: (percent: number) => `Loading data... ${percent}%`,
    chartTitle: "Guide sessions per day by device",
    chartSummary: (total: number, from: string, to: string) =>
      `${total} ${total === 1 ? "session" : "sessions"} from ${from} to ${to}. The table below gives every figure.`,
    tableCaption: "Unique guide sessions per day by device and source",
    day: "Day",
    desktop: "Desktop",
    tablet: "Tablet",
    mobileQr: "Mobile (QR code)",
    mobileLink: "Mobile (web link)",
    // Issue 33: a stay's own guest link (/s/{token}) is a source of its own.
    mobileStay: "Mobile (stay link)",
    total: "Total",
    // The table's two-row header: "Mobile" over its three sources.
    mobile: "Mobile",
    qrCode: "QR code",
    webLink: "Web link",
    stayLink: "Stay link",
    totals: "Totals",
    previousRange: (from: string, to: string) => `Previous period (${from} to ${to})`,
    change: "Change",
    summary: "Totals for the period",
    againstPrevious: (change: string) => `${change} against the previous period`,
    changeNew: "new",
    downloadCsv: "Download CSV",
    timeZoneNote: (zone: string) => `Days are counted in the ${zone} time zone.`,
    // Section analytics (beyond the seeds): what guests read.
    sectionsTitle: "What guests read",
    sectionsIntro: "The share of guest sessions in which each section of the guide was on screen.",
    section: "Section",
    sessions: "Sessions",
    reach: "Reach",
    notOpened: "Not opened",
    neverOpenedSummary: (titles: string[]) =>
      titles.length === 1
        ? `No guest opened ${titles[0]} in this period.`
        : `No guest opened these ${titles.length} sections in this period: ${titles.join(", ")}.`,
    noSections: "No guide has sections yet. Add content to see what guests read.",
    noSessions: "No guest opened the guide in this period.",
    topItemsTitle: "Items guests looked at most",
    item: "Item",
    inProperty: "Property",
    noItems: "No item was looked at in this period.",
    // Decision 045: a session's language is the one it opened the guide in, so the table adds up to the sessions.
    languagesTitle: "Languages guests opened the guide in",
    language: "Language",
    noLanguages: "No language recorded in this period.",
    // The privacy statement shown on the page.
    privacyTitle: "What is recorded",
    privacyText: (retentionDays: number) =>
      `For each guest session: a random id kept only in the guest's browser tab, the day, the device type (desktop, tablet or mobile), whether the guide was opened from the QR code, a web link or a stay's guest link, the sections and items that stayed on screen, and the language the guide was opened in. No cookies, IP addresses, names or contact details are recorded, and nothing is shared with anyone. These records are deleted after ${retentionDays} days; the daily totals on this page are kept.`,
    // Validation (ANL-06)
    invalidDay: "Use a date written YYYY-MM-DD, from 2000 to 2100.",
    rangeReversed: "The start date must be on or before the end date.",
    rangeTooLong: "Choose a range of at most one year.",
    invalidTimeZone: "Unknown time zone.",
  },
} as const;
