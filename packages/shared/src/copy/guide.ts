/** Copy: The public guest guide (GUIDE). Part of the one catalogue in ../copy.ts. */
export const guideCopy = {
  // Guest guide. OPEN-58 gives the inactive copy; the rest is ours where the seeds are silent.
  guide: {
    inactive: "This guide is currently unavailable.",
    inactiveHint: "Please contact your host for details.",
    notFound: "We could not find this guide.",
    notFoundHint: "Please check the link or scan the QR code again.",
    passcodeTitle: "This guide is protected",
    passcodeHint: "Enter the 6-digit passcode from your host to open the guide.",
    passcodeLabel: "Passcode",
    passcodePlaceholder: "6 digits only",
    passcodeFormat: "Passcode must be a 6 digit number",
    passcodeWrong: "That passcode is not right. Please check it and try again.",
    passcodeTooMany: (seconds: number) => {
      const minutes = Math.max(1, Math.ceil(seconds / 60));
      return `Too many attempts. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`;
    },
    unlock: "Open guide",
    unlocking: "Checking...",
    preview: "Preview",
    previewNote: "Only you can see this preview. Guests see the guide when it is live.",
    language: "Language",
    hostCardTitle: "Your host",
    email: "Email",
    phone: "Phone",
    message: (app: string) => `Message on ${app}`,
    what3words: "what3words",
    featured: "Featured",
    empty: "Your host has not added any guide content yet.",
    openLink: "Open link",
    openPdf: "Open PDF",
    videoUnsupported: "This browser does not support video. Try Chrome or Safari instead.",
    copy: "Copy",
    copied: "Copied",
    copyWifiPassword: "Copy Wi-Fi password",
    wifiQr: (network: string) => `Scan to join the Wi-Fi network ${network}`,
    detailLabels: { describe: "What", locate: "Where", operate: "How" },
    lastUpdated: (date: string) => `Last updated ${date}`,
    offline: "You are offline. This is the copy saved on this device.",
    contents: "Contents",
    skipToContent: "Skip to content",
    poweredBy: "Guide by Doorstep",
    // Shown once near the top of a guide in another language when some of its content has no translation.
    untranslatedNotice: "Some of this guide has not been translated yet and is shown in English.",
    // The home screen: the bar's home and search buttons, the search view and back-to-top.
    home: "Home",
    search: "Search",
    searchLabel: "Search this guide",
    searchResults: (n: number) => (n === 1 ? "1 result" : `${n} results`),
    searchNone: "Nothing found. Try another word.",
    backToTop: "Back to top",
  },
} as const;
