import { registerKeyProbe } from "../api-key-probe.ts";
import { createTestApp, type TestApp } from "../app.ts";
import { buildUser, type TestUser } from "../factories.ts";

/**
 * The authorization harness (XCUT-15/16, decision 056). It enumerates every route Fastify registered and proves
 * that anonymous callers get 401 unless the route is on an explicit allow-list, that a route taking an owned id
 * answers 404 to another account, and that each role reaches exactly what its permission allows. This folder:
 *
 * - route-lists.ts, route-permissions.ts: the reviewed tables (public routes, routes open to API keys, each
 *   route's permission). A new route joins them on purpose.
 * - owned-ids.ts, request-bodies.ts: a fixture for each kind of id in a path, and a valid body or query for each
 *   id-taking route, so that a 404 comes from ownership, not validation.
 * - completeness.test.ts: the tables against the registered routes.
 * - public-and-guests.test.ts: callers without a dashboard session (anonymous, API keys, guests).
 * - cross-tenant.test.ts: another account's ids, on every id-taking route and per feature area.
 * - role-matrix.test.ts: every route as each role, and a member limited to one property.
 *
 * Each test file opens its own app on its own database (vitest runs files in parallel workers); the tests of a
 * file share it and run in order.
 */

/** The real app in test mode with the API-key probe routes (test/api-key-probe.ts) registered. */
export function openHarnessApp(): Promise<TestApp> {
  return createTestApp({ routes: (app, ctx) => void registerKeyProbe(app, ctx) });
}

/** The harness app with two accounts: the `owner` of the resources under test and a `stranger`. */
export async function openHarness(): Promise<{ t: TestApp; owner: TestUser; stranger: TestUser }> {
  const t = await openHarnessApp();
  const owner = await buildUser(t.ctx);
  const stranger = await buildUser(t.ctx);
  return { t, owner, stranger };
}

const isDocsRoute = (url: string) => url.startsWith("/api/docs");

/** Every route the harness guards: as registered, without HEAD (Fastify's twin of each GET) and the API docs. */
export const guardedRoutes = (t: Pick<TestApp, "routes">) =>
  t.routes.filter((r) => r.method !== "HEAD" && !isDocsRoute(r.url));
