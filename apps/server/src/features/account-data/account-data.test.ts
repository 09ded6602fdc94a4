import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, makePng, multipart } from "../../test/factories.ts";
import { buildAccountExport } from "./account-data.service.ts";

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
    const files = [...entries.keys()].filter((k) => k.startsWith("files/"));
    expect(files.length).toBe(built.files);

    // Another account cannot open it; after 24 hours nobody can.
    const stranger = await buildUser(t.ctx);
    expect((await t.as(stranger, "GET", link)).statusCode).toBe(404);
    t.clock.advance(24 * 3_600_000 + 1000);
    const late = await buildUser(t.ctx);
    expect((await t.as(late, "GET", link)).statusCode).toBe(404);
  });
});
