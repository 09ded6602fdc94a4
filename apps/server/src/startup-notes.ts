import type { Env } from "./env.ts";

/**
 * What hosts will find switched off, and how an operator switches it on: one log line each at start. The
 * dashboard tells hosts only what is and is not available (the copy catalogue has no server words), so the
 * how lives here and in docs/operations.md.
 */
export function featureNotes(env: Env): string[] {
  const notes: string[] = [];
  if (env.TRANSLATE_PROVIDER === "off") {
    notes.push(
      "Automatic translation is off: hosts write each guide language themselves, and blank fields show English. " +
        "Set TRANSLATE_PROVIDER=deepl (TRANSLATE_API_KEY) or libretranslate (TRANSLATE_URL) to switch it on.",
    );
  }
  if (!env.GOOGLE_MAPS_API_KEY && !env.PLACES_URL) {
    notes.push(
      "Place search finds towns only (the offline gazetteer): hosts add recommended places by hand and pin them. " +
        "Set PLACES_URL to a Nominatim, or GOOGLE_MAPS_API_KEY, for street addresses and places.",
    );
  }
  if (!env.W3W_API_KEY) {
    notes.push("what3words is off: hosts cannot check three-word addresses. Set W3W_API_KEY to switch it on.");
  }
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM) {
    notes.push(
      "SMS is off: scheduled guest messages go by email only. " +
        "Set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM to offer SMS.",
    );
  }
  return notes;
}
