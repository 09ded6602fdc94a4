/**
 * Copy: API keys, with which a property-management system sends stays (decision 039). Part of the one
 * catalogue in ../copy.ts. The requirements name the page ("API keys") and what a key does; the rest is ours.
 */
export const apiKeysCopy = {
  apiKeys: {
    title: "API keys",
    intro: "Property-management systems can send stays to Doorstep with a key.",
    docsLink: "Read the API documentation",
    scope:
      "A key can list this account's stays, read one, add one, change one and cancel one. Nothing else: it cannot sign in, import a CSV, or see properties, messages or billing.",
    retries:
      "Send the reservation's own id as sourceId, or an Idempotency-Key header, and a retry never adds a stay twice. Each key may make a limited number of requests a minute.",
    ownerOnly: "Only the account owner and admins can manage API keys.",
    // Creating
    createHeading: "Create a key",
    nameLabel: "Key name",
    nameHint: "Say where the key is used, for example the name of your property-management system.",
    create: "Create key",
    creating: "Creating...",
    newKeyHeading: "Your new key",
    newKeyLabel: "API key",
    shownOnce: "You will not see this key again. Copy it now and keep it somewhere safe.",
    copyKey: "Copy key",
    copied: "Key copied to clipboard",
    done: "Done",
    // The list
    listHeading: "Your keys",
    empty: "No API keys yet.",
    columns: { name: "Name", prefix: "Key", created: "Created", lastUsed: "Last used", status: "Status" },
    neverUsed: "Never",
    active: "Active",
    revoked: "Revoked",
    revoke: "Revoke",
    revokeTitle: "Revoke this key?",
    revokeBody: (name: string) =>
      `"${name}" stops working at once. Systems that use it can no longer send stays. This cannot be undone.`,
    revokeConfirm: "Revoke key",
    cancel: "Cancel",
    revokedNotice: (name: string) => `"${name}" was revoked.`,
    errors: {
      invalid: "This API key is not valid or has been revoked.",
      notAllowed: "An API key can only call the stays API.",
      limit: (max: number) => `An account can have at most ${max} active API keys. Revoke one to create another.`,
      idempotencyFormat: (max: number) => `The Idempotency-Key header must be 1 to ${max} visible ASCII characters.`,
      idempotencyReused: "This Idempotency-Key was already used with a different request.",
      idempotencyInProgress: "A request with this Idempotency-Key is still being processed. Try again shortly.",
    },
  },
} as const;
