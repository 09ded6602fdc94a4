import type { LightMyRequestResponse } from "fastify";
import { SESSION_COOKIE } from "@doorstep/shared/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegisteredRoute } from "../app.ts";
import { createSession } from "../features/auth/session.service.ts";
import { createProperty } from "../features/properties/property.service.ts";
import { createTestApp, type TestApp } from "./app.ts";
import { buildUser, publishProperty, type TestUser } from "./factories.ts";
import { UPLOAD_ROUTES, uploadRouteValues } from "./upload-routes.ts";

/**
 * Text at the edge (decision 011). Every route Fastify registered — found through the same enumeration as the
 * authorization harness, so a new route is fuzzed without anyone adding it here — gets NUL, lone surrogates,
 * 1 MB strings, wrong types, extra fields and malformed JSON in its path, query and body. None may answer
 * 500 or show a stack trace, on PGlite and on PostgreSQL alike.
 */
const NUL = "x\u0000y";
const LONE_SURROGATE = "pm_x\ud800";
const MEGABYTE = "a".repeat(1_048_576);
// Characters outside Latin-1 reach headers (Location, Service-Worker-Allowed); 256 characters is one more than a
// file name may have.
const PATH_VALUES = [
  "%00",
  "x%00y",
  "%ED%A0%80",
  "%C0%80",
  "a".repeat(3000),
  "%E2%80%AE",
  "%E6%97%A5",
  "%F0%9F%8F%A0",
  "a".repeat(256),
  `x/${"a".repeat(256)}`,
];
/** A parameter that holds a date, by its name. */
const DATE_KEY = /^(from|to|date|day|since|until|start|end|month)$|(At|Date|Day)$/;
// The edges of the calendar and of what the product accepts (years 2000–2100), and days that do not exist.
const DATE_VALUES = [
  "0001-01-01",
  "1999-12-31",
  "2000-01-01",
  "2100-12-31",
  "2101-01-01",
  "9999-12-31",
  "+275760-09-13",
  "-000001-01-01",
  "2024-02-30",
  "2023-02-29",
  "1970-01-01T00:00:00Z",
  "8640000000000001",
];
// A multipart body cut short in each place the parser can be: after the first boundary, inside a part's headers,
// inside a file's bytes.
const TRUNCATED_MULTIPART = [
  "--x\r\n",
  '--x\r\nContent-Disposition: form-data; name="fi',
  '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
  '--x\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\n\x89PNG',
];
const WRONG_TYPES: unknown[] = [12345, true, null, { nested: NUL }, [NUL, LONE_SURROGATE]];

/** The keys of a zod object schema (its `shape`); other schemas (unions, none) have none to fuzz one by one. */
function keysOf(schema: unknown): string[] {
  const shape = (schema as { shape?: unknown } | undefined)?.shape;
  return shape && typeof shape === "object" ? Object.keys(shape) : [];
}

function expectSafe(res: LightMyRequestResponse, label: string): void {
  // A 503 is a provider this test app has not configured (NOT_CONFIGURED), never a crash.
  if (res.statusCode === 503) expect(res.json().error.code, label).toBe("NOT_CONFIGURED");
  else expect(res.statusCode, `${label} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(res.body, label).not.toMatch(/\n\s+at |node_modules|\.tsx?:\d+|PGlite|postgres/i);
}

describe("every registered route at the edge", () => {
  let t: TestApp;
  let user: TestUser;
  let propertyId: string;
  /** Real, owned values for the upload routes' parameters, so their bodies reach the parser. */
  let values: Record<string, string>;
  let requests = 0;

  beforeAll(async () => {
    t = await createTestApp();
    user = await buildUser(t.ctx);
    values = await uploadRouteValues(t, user);
    propertyId = `fuzz-${Math.random().toString(36).slice(2, 10)}`;
    const caller = { userId: user.id, accountId: user.accountId, sessionId: "fuzz" };
    await createProperty(t.ctx, caller, { title: "Fuzzed", propertyId });
    // Published, so the guide's routes are fuzzed past the draft's unavailable page (decision 020).
    await publishProperty(t.app, user, propertyId);
  });
  afterAll(async () => t.close());

  /** A signed-in user again when a route (logout, say) ended the session, so later routes get past 401. */
  async function keepSignedIn(): Promise<void> {
    const me = await t.app.inject({ url: "/api/me", headers: { cookie: user.cookie } });
    if (me.statusCode !== 401) return;
    // The same user again, so the upload routes' owned values stay theirs; a new one if the user is gone.
    const token = await createSession(t.ctx, user.id, { ip: "127.0.0.1", userAgent: "vitest", clientVersion: null });
    user = { ...user, cookie: `${SESSION_COOKIE}=${token}`, token };
    const again = await t.app.inject({ url: "/api/me", headers: { cookie: user.cookie } });
    if (again.statusCode === 401) user = await buildUser(t.ctx);
  }

  /**
   * Server-sent event streams stay open while someone listens, so they are fuzzed as a stranger: everything up
   * to the point where the stream would open (params, query, the session check) still runs.
   */
  const STREAMS = new Set(["GET /api/events", "GET /api/guide/:propertyId/messages/events"]);

  const send = (
    route: RegisteredRoute,
    url: string,
    extra: { payload?: unknown; headers?: Record<string, string> },
  ) => {
    requests++;
    return t.app.inject({
      method: route.method as "POST",
      url,
      headers: { ...(STREAMS.has(`${route.method} ${route.url}`) ? {} : { cookie: user.cookie }), ...extra.headers },
      ...(extra.payload === undefined ? {} : { payload: extra.payload as string }),
    });
  };

  /** The route's URL with real, owned values in its parameters (so body and query fuzz reach past the path). */
  const realUrl = (url: string) => {
    const upload = (UPLOAD_ROUTES as readonly string[]).some((r) => r.endsWith(` ${url}`));
    return url
      .replace(/:(\w+)/g, (_, p: string) =>
        upload && values[p] ? values[p] : p === "propertyId" ? propertyId : p === "media" ? "image" : "x",
      )
      .replace("*", "x");
  };

  it("answers no route with a 500 or a stack trace, whatever the path, query or body holds", async () => {
    const routes = t.routes.filter((r) => r.method !== "HEAD" && r.method !== "OPTIONS");
    expect(routes.length).toBeGreaterThan(60);
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const hasParams = /[:*]/.test(route.url);
      const hasBody = !["GET", "HEAD", "DELETE"].includes(route.method);

      if (hasParams) {
        for (const value of PATH_VALUES) {
          const url = route.url.replace(/:(\w+)/g, value).replace("*", value);
          expectSafe(await send(route, url, {}), `${key} with ${value.slice(0, 12)} in the path`);
        }
      }
      const url = realUrl(route.url);

      // Dates at the edges, one parameter at a time, and as a one-day range where the route takes from and to.
      const schemaQueryKeys = keysOf(route.schema?.querystring);
      for (const value of DATE_VALUES) {
        for (const name of schemaQueryKeys.filter((k) => DATE_KEY.test(k))) {
          const res = await send(route, `${url}?${name}=${encodeURIComponent(value)}`, {});
          expectSafe(res, `${key} with ?${name}=${value}`);
        }
        if (schemaQueryKeys.includes("from") && schemaQueryKeys.includes("to")) {
          const day = encodeURIComponent(value);
          expectSafe(await send(route, `${url}?from=${day}&to=${day}`, {}), `${key} from and to ${value}`);
        }
      }

      const queryKeys = [...new Set([...schemaQueryKeys, "search", "cursor"])];
      for (const name of queryKeys) {
        for (const value of ["%00", "x%00y", `${"q".repeat(20_000)}`, "%ED%A0%80"]) {
          expectSafe(await send(route, `${url}?${name}=${value}`, {}), `${key} with ?${name}=${value.slice(0, 12)}`);
        }
        expectSafe(await send(route, `${url}?${name}=a&${name}=b`, {}), `${key} with ?${name} twice`);
      }

      if (hasBody) {
        const bodyKeys = keysOf(route.schema?.body);
        for (const name of bodyKeys.filter((k) => DATE_KEY.test(k))) {
          for (const value of DATE_VALUES) {
            expectSafe(await send(route, url, { payload: { [name]: value } }), `${key} with body.${name} = ${value}`);
          }
        }
        for (const payload of TRUNCATED_MULTIPART) {
          const res = await send(route, url, {
            payload,
            headers: { "content-type": "multipart/form-data; boundary=x", accept: "application/json" },
          });
          expectSafe(res, `${key} with a truncated multipart body ${JSON.stringify(payload.slice(0, 30))}`);
          if ((UPLOAD_ROUTES as readonly string[]).includes(key)) expect(res.statusCode, key).toBe(400);
        }
        for (const name of bodyKeys) {
          for (const value of [NUL, LONE_SURROGATE, ...WRONG_TYPES]) {
            const res = await send(route, url, { payload: { [name]: value } });
            expectSafe(res, `${key} with body.${name} = ${JSON.stringify(value)?.slice(0, 20)}`);
            if (typeof value === "string") expect(res.statusCode, `${key} body.${name}`).toBe(400);
          }
        }
        const first = bodyKeys[0] ?? "value";
        const json = { "content-type": "application/json" };
        const bodies: [string, unknown, Record<string, string>?][] = [
          ["a 1 MB string", { [first]: MEGABYTE }],
          [
            "extra fields",
            JSON.stringify({ [first]: "ok", extra: NUL, constructor: { prototype: { admin: true } } }),
            json,
          ],
          ["__proto__", '{"__proto__":{"admin":true}}', json],
          ["malformed JSON", '{"a":', json],
          ["a JSON string", '"\\u0000"', json],
          ["a lone surrogate escape", `{"${first}":"\\ud800"}`, json],
          ["text/plain", `${first}=x`, { "content-type": "text/plain" }],
          ["a form", `${first}=%00`, { "content-type": "application/x-www-form-urlencoded" }],
          ["an array", [NUL]],
        ];
        for (const [what, payload, headers] of bodies) {
          expectSafe(await send(route, url, { payload, headers }), `${key} with ${what}`);
        }
      }
      await keepSignedIn();
    }
    // The run's size, for the record (decision 011).
    console.info(`edge fuzz: ${requests} requests over ${routes.length} routes, none answered 500`);
  }, 600_000);
});

describe("NUL and lone surrogates on the routes where they once reached the database", () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    user = await buildUser(t.ctx);
  });
  afterAll(async () => t.close());

  const api = (method: string, url: string, payload?: object, signedIn = true) =>
    t.app.inject({ method: method as "POST", url, payload, headers: signedIn ? { cookie: user.cookie } : {} });

  it("answers an id with NUL in the path as not found, signed in or not", async () => {
    for (const [method, url, signedIn] of [
      ["GET", "/g/%00", false],
      ["GET", "/s/%00", false],
      ["GET", "/api/guide/%00", false],
      ["POST", "/g/%00/unlock", false],
      ["GET", "/api/properties/%00", true],
      ["GET", "/api/properties/%00/content", true],
      ["GET", "/api/properties/%00/qr.svg", true],
      ["GET", "/api/billing/invoices/%00/receipt", true],
    ] as const) {
      const res = await api(method, url, method === "POST" ? {} : undefined, signedIn);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it("refuses NUL in bodies and queries with 400 VALIDATION_FAILED", async () => {
    for (const [method, url, payload, signedIn] of [
      ["POST", "/api/auth/login", { email: "a\u0000@example.com", password: "whatever-1" }, false],
      ["POST", "/api/auth/forgot-password", { email: "a\u0000@example.com" }, false],
      [
        "POST",
        "/api/auth/sign-up",
        { firstName: "A\u0000", email: "new@example.com", password: "a-long-pass-1" },
        false,
      ],
      ["PATCH", "/api/me", { firstName: "A\u0000" }, true],
      ["POST", "/api/managers", { firstName: "A\u0000", lastName: "B" }, true],
      ["PATCH", "/api/company", { brandName: "A\u0000" }, true],
      ["POST", "/api/properties", { title: "A\u0000", propertyId: "nul-in-title" }, true],
      ["GET", "/api/properties?search=%00", undefined, true],
      ["GET", "/api/properties?cursor=%00", undefined, true],
    ] as const) {
      const res = await api(method, url, payload, signedIn);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
    }
  });

  it("refuses a lone surrogate in the subscribe body before anything is stored", async () => {
    const res = await api("POST", "/api/billing/subscription", { paymentMethodId: "pm_x\ud800" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues.some((i: { message: string }) => /surrogate/.test(i.message))).toBe(true);
  });
});
