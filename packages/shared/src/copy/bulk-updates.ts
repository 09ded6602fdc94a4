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
      LanguageTranslations: "Language codes separated by commas, e.g. fr, de. Empty removes every translation.",
      DefaultLanguage: "One language code, e.g. fr: English or one of the property's translations.",
      LinkedManager: "The manager's 8-digit id, as on their profile.",
      CompanyBranding: "On or off.",
      PrimaryColour: "A hex colour such as #1F6F68, or none to clear it.",
      SecondaryColour: "A hex colour such as #1F6F68, or none to clear it.",
      Published: "On or off.",
    },
    keys: {
      LanguageTranslations: "Guide translations",
      DefaultLanguage: "Default language",
      LinkedManager: "Linked manager",
      CompanyBranding: "Company branding",
      PrimaryColour: "Primary colour",
      SecondaryColour: "Secondary colour",
      Published: "Guide published",
    },
    preview: "Check changes",
    // BULK-01
    submit: "Submit Update",
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
    on: "On",
    off: "Off",
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
