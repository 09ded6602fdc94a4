import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, HTTPMethods, InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp, type RegisteredRoute } from "../app.ts";
import type { AppContext } from "../app-context.ts";
import type { FastPath } from "../lib/fast-path.ts";
import { configFromEnv, parseEnv, type AppConfig } from "../env.ts";
import { openTestDatabase, type TestDatabase } from "./database.ts";

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: TestDatabase;
  config: AppConfig;
  routes: RegisteredRoute[];
  /** The guide's fast path (app.ts): tests that listen on a port see what it served. */
  guideFastPath: FastPath;
  /** The guide reports' fast path (decision 028), likewise. */
  reportFastPath: FastPath;
  /** Moves the app's clock (sessions, tokens, trials) without waiting. */
  clock: { now: Date; advance(ms: number): void };
  /** A request from a signed-in user (its session cookie), from the dashboard's origin. */
  as(user: { cookie: string }, method: HTTPMethods, url: string, payload?: object): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<AppConfig>;
  /** For nested settings: receives the test config (after `config`) and returns the one to use. */
  configure?: (config: AppConfig) => AppConfig;
  overrides?: Partial<Omit<AppContext, "config" | "db" | "log" | "now">>;
  /**
   * `app.inject()` behaves like the dashboard in a browser: a request that names no Origin or Referer is sent
   * with `Origin: PUBLIC_URL` (decision 011). `false` sends exactly the headers given (the CSRF tests).
   */
  sameOriginClient?: boolean;
  /** Registers routes only a test needs (e.g. one open to API keys) before the app is ready. */
  routes?: (app: FastifyInstance, ctx: AppContext) => void;
  /** PostgreSQL only: the app reaches its database through this port on the same host (a fault proxy). */
  databasePort?: number;
  /** PostgreSQL only: how long a query may go unanswered before its connection is given up. */
  databaseQueryTimeoutMs?: number;
}

/** Wraps `app.inject` so requests carry the dashboard's own Origin unless they name one (or a Referer). */
export function addSameOrigin(app: FastifyInstance, origin: string): void {
  const inject = app.inject.bind(app);
  const withOrigin = (opts: InjectOptions | string): InjectOptions => {
    const options: InjectOptions = typeof opts === "string" ? { url: opts } : opts;
    const headers = { ...(options.headers ?? {}) } as Record<string, unknown>;
    const named = Object.keys(headers).some((h) => ["origin", "referer"].includes(h.toLowerCase()));
    return named ? options : { ...options, headers: { ...headers, origin } as InjectOptions["headers"] };
  };
  app.inject = ((opts?: InjectOptions | string, callback?: never) =>
    opts === undefined
      ? inject()
      : callback
        ? inject(withOrigin(opts), callback)
        : inject(withOrigin(opts))) as typeof app.inject;
}

/** The real app on a fresh migrated database, in test mode, with a controllable clock and a temp data dir. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-test-"));
  const base = configFromEnv(
    parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:3000" }),
  );
  const merged: AppConfig = { ...base, webDistDir: path.join(dataDir, "no-web-build"), ...options.config };
  const config = options.configure ? options.configure(merged) : merged;
  const database = await openTestDatabase({
    port: options.databasePort,
    queryTimeoutMs: options.databaseQueryTimeoutMs,
  });
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const { app, ctx, routes, guideFastPath, reportFastPath } = await buildApp({
    config,
    database,
    overrides: { ...options.overrides, now: () => new Date(clock.now) },
  });
  if (options.sameOriginClient !== false) addSameOrigin(app, config.publicUrl);
  options.routes?.(app, ctx);
  await app.ready();
  return {
    app,
    ctx,
    database,
    config,
    routes,
    guideFastPath,
    reportFastPath,
    clock,
    as: (user, method, url, payload) => app.inject({ method, url, headers: { cookie: user.cookie }, payload }),
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
