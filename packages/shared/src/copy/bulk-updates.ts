/** Bulk updates (BULK-01…05): the seeds give the button; the rest is ours. */
export const bulkUpdatesCopy = {
  bulkUpdates: {
    title: "Bulk updates",
    intro:
      "Change one detail of many properties at once. Check the changes first; each property is updated on its own, so one that cannot be changed never holds up the others.",
    propertyIds: "Property ids",
    propertyIdsHint: "The properties' web link ids, separated by commas.",
    detailKey: "Detail to change",
    detailValues: "New value",
    detailValuesHint: {
      list: "Values separated by commas.",
      one: "One value.",
      boolean: "On or off.",
      colour: "A hex colour such as #1F6F68, or none to clear it.",
    },
    keys: {
      LanguageTranslations: "Guide translations (language codes, e.g. fr, de)",
      DefaultLanguage: "Default language (a language code)",
      LinkedManager: "Linked manager (the manager's 8-digit id)",
      CompanyBranding: "Company branding (on or off)",
      PrimaryColour: "Primary colour",
      SecondaryColour: "Secondary colour",
      Published: "Guide published (on or off)",
    },
    preview: "Check changes",
    // BULK-01
    submit: "Submit Update",
    checking: "Checking...",
    updating: "Updating...",
    previewTitle: "What will change",
    resultTitle: "Result",
    property: "Property",
    before: "Now",
    after: "New",
    status: "Status",
    statuses: {
      "will-update": "Will be updated",
      updated: "Updated",
      unchanged: "Unchanged",
      "not-found": "Not found",
      rejected: "Rejected",
    },
    summary: (updated: number, unchanged: number, notFound: number, rejected: number) =>
      `${updated} updated, ${unchanged} unchanged, ${notFound} not found, ${rejected} rejected.`,
    previewSummary: (willUpdate: number, unchanged: number, notFound: number, rejected: number) =>
      `${willUpdate} will be updated, ${unchanged} unchanged, ${notFound} not found, ${rejected} rejected.`,
    empty: "None",
    // Validation (BULK-02, limits)
    noIds: "Enter at least one property id.",
    tooManyIds: (max: number) => `At most ${max} properties can be updated at once. Split the list.`,
    unknownKey: "Choose one of the details listed.",
    noValues: "Enter a value.",
    oneValue: "Enter exactly one value.",
    onOrOff: "Enter on or off.",
    unknownManager: "None of your managers has that id.",
    changedInputs: "The ids, detail or values changed since the check. Check the changes again.",
  },
} as const;
