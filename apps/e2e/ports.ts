// The e2e run's addresses, shared by playwright.config.ts and the specs (the workers read the same env).
// E2E_PORT lets two runs share a machine (a developer and a helper session).
export const APP_PORT = Number(process.env.E2E_PORT ?? 3111);
/** A fake Nominatim at the places provider's HTTP boundary (apps/server/src/test/fakes/nominatim-fake.ts). */
export const PLACES_FAKE_PORT = APP_PORT + 100;
/**
 * A second app server with that places provider (PLACES_URL), for the specs that search places (tests/local-area):
 * the first keeps the zero-configuration default, the offline gazetteer.
 */
export const PLACES_APP_URL = `http://127.0.0.1:${APP_PORT + 200}`;
/** The local calendar-feed server (apps/server/src/test/feed-server.ts) the feeds spec points its feeds at. */
export const FEED_SERVER_PORT = APP_PORT + 250;
export const FEED_SERVER_URL = `http://127.0.0.1:${FEED_SERVER_PORT}`;
