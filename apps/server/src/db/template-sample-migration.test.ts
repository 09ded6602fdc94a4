import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TemplateDto } from "@doorstep/shared/schemas/content";
import { createTestApp, type TestApp } from "../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../test/factories.ts";
import { MIGRATIONS_DIR } from "./client.ts";
import { contentItems } from "./schema/content.ts";

// Migration 0018 (decision 023): stored copies of a template's sample text are cleared, the host's words kept.
const MIGRATION = fs.readFileSync(path.join(MIGRATIONS_DIR, "0018_template_sample_text.sql"), "utf8");

let t: TestApp;
let host: TestUser;
let templates: Map<string, TemplateDto>;
beforeAll(async () => {
  t = await createTestApp();
  host = await buildUser(t.ctx);
  const res = await t.app.inject({ method: "GET", url: "/api/content/templates", headers: { cookie: host.cookie } });
  templates = new Map(res.json().templates.map((x: TemplateDto) => [x.label, x]));
});
afterAll(() => t.close());

async function create(propertyId: string, body: object): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/properties/${propertyId}/content/items`,
    headers: { cookie: host.cookie },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().item.id;
}

const row = async (id: string) => (await t.ctx.db.select().from(contentItems).where(eq(contentItems.id, id)))[0]!;

describe("migration 0018: template sample text", () => {
  it("clears values still equal to their template's sample and keeps what the host changed", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    const keys = templates.get("key-access")!.defaults;
    const checkIn = templates.get("check-in-time")!.defaults;
    const checklist = templates.get("arrival-checklist")!.defaults;
    const directions = templates.get("directions")!.defaults;
    // What the old editor saved on "Add" then "Save": the samples as they were.
    const untouched = await create(propertyId, {
      categoryLabel: "arrival",
      templateLabel: "key-access",
      title: "Keys & door access",
      detailText: keys.detailText,
      describe: keys.describe,
      locate: keys.locate,
      operate: keys.operate,
    });
    const sample = await create(propertyId, {
      categoryLabel: "arrival",
      templateLabel: "check-in-time",
      title: "Check-in time",
      detailText: checkIn.detailText,
    });
    // The editor wraps list items in paragraphs: the same words, other markup.
    const rewrapped = await create(propertyId, {
      categoryLabel: "arrival",
      templateLabel: "arrival-checklist",
      title: "When you arrive",
      detailText: checklist.detailText!.replace(/<li>(.*?)<\/li>/g, "<li><p>$1</p></li>"),
    });
    const edited = await create(propertyId, {
      categoryLabel: "arrival",
      templateLabel: "directions",
      title: "Getting here",
      detailText: directions.detailText!.replace("[full address]", "12 Quay Street, Whitby"),
    });
    const partly = await create(propertyId, {
      categoryLabel: "wifi-and-tech",
      templateLabel: "wifi",
      title: "Wi-Fi",
      detailText: "<p>Network: SeaView</p>",
      locate: templates.get("wifi")!.defaults.locate,
    });
    const custom = await create(propertyId, {
      categoryLabel: "arrival",
      title: "Check-in time",
      detailText: checkIn.detailText,
    });
    const before = await row(sample);
    expect(before.detailText).toContain("[3 pm]");

    await t.ctx.db.execute(sql.raw(MIGRATION));

    expect(await row(untouched)).toMatchObject({ detailText: "", describe: null, locate: null, operate: null });
    expect(await row(sample)).toMatchObject({ detailText: "", contentVersion: before.contentVersion + 1 });
    expect((await row(rewrapped)).detailText).toBe("");
    expect((await row(edited)).detailText).toContain("12 Quay Street, Whitby");
    expect((await row(edited)).contentVersion).toBe(1);
    expect(await row(partly)).toMatchObject({ detailText: "<p>Network: SeaView</p>", locate: null });
    // A custom item is the host's own, whatever it says.
    expect((await row(custom)).detailText).toContain("[3 pm]");
    // Applying it again changes nothing more.
    await t.ctx.db.execute(sql.raw(MIGRATION));
    expect((await row(sample)).contentVersion).toBe(before.contentVersion + 1);
  });
});
