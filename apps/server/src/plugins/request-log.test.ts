import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type BuiltApp } from "../app.ts";
import type { Database } from "../db/client.ts";
import { configFromEnv, parseEnv } from "../env.ts";
import { openTestDatabase } from "../test/database.ts";
import { redactUrl } from "./request-log.ts";

describe("redactUrl", () => {
  it("masks only the secret query values, keeping the rest of the address", () => {
    expect(redactUrl("/reset-password?otp_token=abc&reset_email=a%40b.com&utm_source=x")).toBe(
      "/reset-password?otp_token=[REDACTED]&reset_email=[REDACTED]&utm_source=x",
    );
    expect(redactUrl("/?login_token=abc")).toBe("/?login_token=[REDACTED]");
    expect(redactUrl("/?login%5Ftoken=abc&x")).toBe("/?login%5Ftoken=[REDACTED]&x");
    expect(redactUrl("/properties")).toBe("/properties");
  });

  it("logs a stay link's token as a short hash of it, never the token", () => {
    const token = "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFi";
    const logged = redactUrl(`/s/${token}?lang=fr`);
    expect(logged).not.toContain(token);
    expect(logged).toMatch(/^\/s\/~[A-Za-z0-9_-]{12}\?lang=fr$/);
    expect(redactUrl(`/s/${token}`)).toBe(logged.replace("?lang=fr", ""));
  });

  it("logs a scheduled message's unsubscribe key as a short hash of it too (decision 050)", () => {
    const key = "0b6f1e2a-6c1d-4f57-9d2e-1a2b3c4d5e6f.c2lnbmF0dXJlLW9mLXRoZS1zdGF5";
    const logged = redactUrl(`/unsubscribe/${key}`);
    expect(logged).not.toContain(key);
    expect(logged).toMatch(/^\/unsubscribe\/~[A-Za-z0-9_-]{12}$/);
  });
});

describe("request logs", () => {
  const lines: string[] = [];
  let built: BuiltApp;
  let database: Database;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-log-"));

  beforeAll(async () => {
    const config = configFromEnv(
      parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "info", PUBLIC_URL: "http://localhost:3000" }),
    );
    database = await openTestDatabase();
    built = await buildApp({
      config: { ...config, webDistDir: path.join(dataDir, "no-web-build") },
      database,
      logStream: { write: (line) => void lines.push(line) },
    });
    await built.app.ready();
  });
  afterAll(async () => {
    await built.app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("never contain otp_token, login_token or reset_email values (reset and auto-login links)", async () => {
    await built.app.inject("/reset-password?otp_token=OTP-SECRET-1&reset_email=victim%40example.com");
    await built.app.inject("/?login_token=LOGIN-SECRET-2&utm_source=mail");
    const logged = lines.join("");
    const urls = lines
      .map((l) => JSON.parse(l) as { req?: { url: string } })
      .flatMap((l) => (l.req ? [l.req.url] : []));
    expect(urls).toEqual(
      expect.arrayContaining([
        "/reset-password?otp_token=[REDACTED]&reset_email=[REDACTED]",
        "/?login_token=[REDACTED]&utm_source=mail",
      ]),
    );
    for (const secret of ["OTP-SECRET-1", "LOGIN-SECRET-2", "victim%40example.com", "victim@example.com"])
      expect(logged).not.toContain(secret);
  });

  it("leave out the address of guests' requests (guide, QR code, visit and section reports), not of the dashboard's", async () => {
    lines.length = 0;
    await built.app.inject({ url: "/g/some-guide", remoteAddress: "198.51.100.23" });
    await built.app.inject({ method: "POST", url: "/api/guide/visits", remoteAddress: "198.51.100.23", payload: {} });
    await built.app.inject({ url: "/api/me", remoteAddress: "198.51.100.24" });
    const logged = lines.join("");
    expect(logged).toContain("/api/guide/visits");
    expect(logged).not.toContain("198.51.100.23");
    expect(logged).toContain("198.51.100.24");
  });
});
