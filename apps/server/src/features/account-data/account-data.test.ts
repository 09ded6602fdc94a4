import { eq } from "drizzle-orm";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentItems, contentSubItems, contentTranslations } from "../../db/schema/content.ts";
import { conversationMessages, conversations, messageFiles } from "../../db/schema/messaging.ts";
import { properties } from "../../db/schema/properties.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, makePng, multipart } from "../../test/factories.ts";
import { buildAccountExport, deleteExpiredExport } from "./account-data.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The entries of a tar archive: path (ustar prefix and name) → bytes. */
function untar(archive: Buffer): Map<string, Buffer> {
  const text = (from: number, length: number) =>
    archive
      .subarray(from, from + length)
      .toString("utf8")
      .split("\0")[0]!;
  const entries = new Map<string, Buffer>();
  for (let at = 0; at + 512 <= archive.length;) {
    const base = text(at, 100);
    if (!base) break;
    const prefix = text(at + 345, 155);
    const size = parseInt(text(at + 124, 12), 8);
    entries.set(prefix ? `${prefix}/${base}` : base, archive.subarray(at + 512, at + 512 + size));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

describe("download my data (IMPL-33)", () => {
  it("queues the archive, emails a 24-hour link to the owner, and the archive holds the records and uploads", async () => {
    const owner = await buildUser(t.ctx, { firstName: "Ola" });
    const { propertyId } = await buildProperty(t.app, owner, { title: "Lighthouse" });
    const cover = multipart([{ field: "file", filename: "c.png", contentType: "image/png", body: await makePng() }]);
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/properties/${propertyId}/cover`,
      headers: { ...cover.headers, cookie: owner.cookie },
      payload: cover.payload,
    });
    expect(put.statusCode, put.body).toBeLessThan(300);

    // Rows that belong to the account only through a parent, and the file one of them names.
    const [home] = await t.ctx.db.select().from(properties).where(eq(properties.propertyId, propertyId));
    const [item] = await t.ctx.db
      .insert(contentItems)
      .values({
        accountId: owner.accountId,
        propertyId: home!.id,
        categoryLabel: "Arrival",
        label: "Parking",
        isCustomLabel: true,
        infoType: "custom",
        title: "Parking",
        listRank: 99,
        contentVersion: 1,
      })
      .returning();
    await t.ctx.db.insert(contentSubItems).values({ itemId: item!.id, type: "text", listRank: 1, detailText: "Bay 4" });
    await t.ctx.db.insert(contentTranslations).values({ itemId: item!.id, language: "fr", title: "Stationnement" });
    const [conversation] = await t.ctx.db
      .insert(conversations)
      .values({
        accountId: owner.accountId,
        propertyId: home!.id,
        title: "Hello",
        creatorFirstName: "Gus",
        creatorLastName: "Guest",
        endUserId: "guest-1",
        latestMessageAt: t.ctx.now(),
      })
      .returning();
    const [message] = await t.ctx.db
      .insert(conversationMessages)
      .values({ conversationId: conversation!.id, accountId: owner.accountId, inbound: true, detailText: "Hi" })
      .returning();
    const attachmentKey = `accounts/${owner.accountId}/conversations/${conversation!.id}/note.txt`;
    await t.ctx.storage.put(attachmentKey, Buffer.from("attached"), "text/plain");
    await t.ctx.db.insert(messageFiles).values({
      messageId: message!.id,
      storageKey: attachmentKey,
      fileName: "note.txt",
      contentType: "text/plain",
      kind: "document",
      size: 8,
    });

    const asked = await t.as(owner, "POST", "/api/account/export", {});
    expect(asked.statusCode).toBe(202);
    expect((await t.ctx.jobs.list()).some((j) => j.name === "account-export" && j.key === owner.accountId)).toBe(true);

    const built = await buildAccountExport(t.ctx, owner.accountId, owner.id);
    expect(built.files).toBeGreaterThanOrEqual(1);
    const outbox = await t.app.inject({ url: `/api/test/outbox?to=${encodeURIComponent(owner.email)}` });
    const email = outbox.json().emails.find((e: { subject: string }) => e.subject === "Your Doorstep data is ready");
    const link = new URL(email.text.match(/http:\/\/\S+\/api\/account\/exports\/\S+/)![0]).pathname;

    const download = await t.as(owner, "GET", link);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/gzip");
    const entries = untar(gunzipSync(download.rawPayload));
    const records = JSON.parse(entries.get("records.json")!.toString("utf8"));
    expect(records.properties.map((p: { title: string }) => p.title)).toContain("Lighthouse");
    expect(records.users[0]).toMatchObject({ email: owner.email });
    expect(JSON.stringify(records)).not.toMatch(/passwordHash|tokenHash/);
    expect(records.content_sub_items.map((r: { detailText: string }) => r.detailText)).toEqual(["Bay 4"]);
    expect(records.content_translations.map((r: { title: string }) => r.title)).toEqual(["Stationnement"]);
    expect(records.message_files.map((r: { fileName: string }) => r.fileName)).toEqual(["note.txt"]);
    expect(records.sessions).toBeUndefined();
    expect(entries.get(`files/${attachmentKey}`)?.toString("utf8")).toBe("attached");
    const files = [...entries.keys()].filter((k) => k.startsWith("files/"));
    expect(files.length).toBe(built.files);

    // Another account cannot open it; after 24 hours nobody can.
    const stranger = await buildUser(t.ctx);
    expect((await t.as(stranger, "GET", link)).statusCode).toBe(404);
    t.clock.advance(24 * 3_600_000 + 1000);
    const late = await buildUser(t.ctx);
    expect((await t.as(late, "GET", link)).statusCode).toBe(404);

    // The expiry job, queued for the link's end, deletes the archive from storage.
    const key = `exports/${owner.accountId}/${built.name}`;
    const expiry = (await t.ctx.jobs.list()).find((j) => j.name === "account-export-expiry" && j.key === key);
    expect(expiry?.runAt.getTime()).toBe(Number(built.name.split("-")[0]));
    expect(await t.ctx.storage.stat(key)).not.toBeNull();
    await deleteExpiredExport(t.ctx, key);
    expect(await t.ctx.storage.stat(key)).toBeNull();
  });
});
