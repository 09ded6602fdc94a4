import type { DeviceType } from "@doorstep/shared/schemas/guide";

// Obvious automated clients (IMPL-05: bots filtered): crawlers, link previews, uptime checks, HTTP libraries,
// headless browsers and Lighthouse.
const BOT =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|quora link preview|whatsapp|telegrambot|skypeuripreview|preview|curl\/|wget\/|python-|httpx|aiohttp|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|libwww|headlesschrome|phantomjs|lighthouse|chrome-lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|statuscake|datadog/i;

/** True for a user agent that is not a person's browser (or none at all). */
export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || userAgent.length < 10 || BOT.test(userAgent);
}

/**
 * DeviceType from the user agent (ANL-03/05): tablets first (iPad, Android without "Mobile", Kindle…),
 * then phones, else desktop. iPadOS 13+ says "Macintosh"; it is counted as desktop, as the browser asks.
 */
export function deviceTypeOf(userAgent: string): DeviceType {
  if (/ipad|tablet|kindle|silk\/|playbook|nexus (7|9|10)|sm-t\d|(android(?!.*mobile))/i.test(userAgent))
    return "tablet";
  if (/mobi|iphone|ipod|android|blackberry|opera mini|iemobile|windows phone|webos/i.test(userAgent)) return "mobile";
  return "desktop";
}
