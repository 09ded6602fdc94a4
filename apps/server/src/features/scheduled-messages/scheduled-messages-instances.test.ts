import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../../app-context.ts";
import { buildApp } from "../../app.ts";
import { sendDueScheduledMessages } from "../../commands/send-scheduled-messages.ts";
import { openPostgres, type Database } from "../../db/client.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { emailsTo } from "../../test/billing-helpers.ts";
import { buildProperty, buildUser } from "../../test/factories.ts";

/**
 * Decision 050: each scheduled message goes once across instances. Two instances, each with its own pool on one
 * PostgreSQL database, send the same due messages at the same moment, several times over: every guest gets one
 * email, and the messages' conversation holds each once.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("scheduled messages on two instances sharing one PostgreSQL", () => {
  let a: TestApp;
  let b: { app: FastifyInstance; ctx: AppContext; database: Database };
  beforeAll(async () => {
    a = await createTestApp();
    const result = (await a.ctx.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${result.rows[0]!.name}`;
    const database = openPostgres(url.toString(), { onConnectionError: () => {} });
    const built = await buildApp({ config: a.config, database, overrides: { now: () => new Date(a.clock.now) } });
    await built.app.ready();
    b = { app: built.app, ctx: built.ctx, database };
  });
  afterAll(async () => {
    await b.app.close();
    await b.database.close();
    await a.close();
  });

  it("sends each of 40 due messages once, whichever instance takes it", async () => {
    const host = await buildUser(a.ctx);
    const { propertyId } = await buildProperty(a.app, host);
    const day = (n: number) => new Date(a.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
    const rule = await a.as(host, "POST", "/api/message-rules", {
      name: "Booked",
      trigger: "booked",
      texts: { en: { subject: "Booked", body: "See you, {{stay.guestFirstName}}" } },
      active: true,
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const guests = Array.from({ length: 40 }, (_, n) => `twice-${n}-${Date.now()}@example.com`);
    for (const [n, email] of guests.entries()) {
      const res = await a.as(host, "POST", "/api/stays", {
        propertyId,
        guestFirstName: `Guest${n}`,
        guestEmail: email,
        checkInDate: day(10 + (n % 20)),
        checkOutDate: day(12 + (n % 20)),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const counts = await Promise.all([
      sendDueScheduledMessages(a.ctx),
      sendDueScheduledMessages(b.ctx),
      sendDueScheduledMessages(a.ctx),
      sendDueScheduledMessages(b.ctx),
    ]);
    expect(counts.reduce((sum, c) => sum + c.sent!, 0)).toBe(40);
    for (const email of guests) expect(await emailsTo(a.ctx, email)).toHaveLength(1);
    const inbox = (await a.as(host, "GET", "/api/conversations?limit=50")).json();
    expect(inbox.items).toHaveLength(40);
    expect(await Promise.all([sendDueScheduledMessages(a.ctx), sendDueScheduledMessages(b.ctx)])).toEqual([
      { sent: 0, skipped: 0, dropped: 0, failed: 0 },
      { sent: 0, skipped: 0, dropped: 0, failed: 0 },
    ]);
  });
});
