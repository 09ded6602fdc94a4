import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { runAdminCommand } from "../cli/admin.commands.ts";
import type { AppConfig } from "../env.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { buildProperty, buildUser, makePng, multipart, type TestUser } from "../test/factories.ts";

// The real render cache (1 s) made far longer: a page that outlived a change is seen, not raced.
const longCache = (config: AppConfig): AppConfig => ({ ...config, guide: { ...config.guide, renderCacheMs: 60_000 } });

/**
 * Caches never show what the host took away (decision 038): guides and files are revalidated on each use, a
 * taken-away guide is 404 with the unavailable page, and a publish, a delete or a deactivation shows on the next
 * request.
 */
describe("what the host took away", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ configure: longCache });
    user = await buildUser(t.ctx);
  });
  afterAll(() => t.close());
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

  async function coverUrl(propertyId: string): Promise<string> {
    const form = multipart([{ field: "file", filename: "c.png", contentType: "image/png", body: await makePng() }]);
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/properties/${propertyId}/cover`,
      headers: { ...form.headers, cookie: user.cookie },
      payload: form.payload,
    });
    expect(put.statusCode, put.body).toBeLessThan(300);
    const property = (await t.as(user, "GET", `/api/properties/${propertyId}`)).json().property;
    return new URL(property.coverImageUrl, "http://x").pathname;
  }

  it("sends a public guide, page and JSON, as no-cache with an ETag: a repeat visit is a 304", async () => {
    const { propertyId } = await buildProperty(t.app, user);
    for (const url of [`/g/${propertyId}`, `/api/guide/${propertyId}`]) {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers["cache-control"], url).toBe("public, no-cache");
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^".+"$/);
      const again = await get(url, { "if-none-match": etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe("");
    }
  });

  it("answers an unpublished guide 404 with the unavailable page and noindex, and a re-publish at once", async () => {
    const { propertyId } = await buildProperty(t.app, user);
    expect((await get(`/g/${propertyId}`)).statusCode).toBe(200);
    for (let round = 0; round < 2; round++) {
      await t.as(user, "PATCH", `/api/properties/${propertyId}`, { published: false });
      const gone = await get(`/g/${propertyId}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.body).toContain(copy.guide.inactive);
      expect(gone.headers["x-robots-tag"]).toContain("noindex");
      expect(gone.headers["retry-after"]).toBeUndefined();
      const json = await get(`/api/guide/${propertyId}`);
      expect(json.statusCode).toBe(404);
      expect(json.json().error.message).toBe(copy.guide.inactive);
      // Cached as unavailable a moment ago: the publish must not wait for that page to expire.
      await t.as(user, "PATCH", `/api/properties/${propertyId}`, { published: true });
      expect((await get(`/g/${propertyId}`)).statusCode, `round ${round}`).toBe(200);
    }
  });

  it("answers a deleted property's files 404 at once, and a deactivated one's until it is reactivated", async () => {
    const { propertyId } = await buildProperty(t.app, user);
    const cover = await coverUrl(propertyId);
    const served = await get(cover);
    expect(served.statusCode).toBe(200);
    expect(served.headers["cache-control"]).toBe("public, no-cache");
    expect((await get(cover, { "if-none-match": String(served.headers.etag) })).statusCode).toBe(304);

    await runAdminCommand(t.ctx.db, ["deactivate-property", propertyId], "ops", t.ctx.payments);
    expect((await get(cover)).statusCode).toBe(404);
    expect((await get(`${cover}?w=300`)).statusCode).toBe(404);
    await runAdminCommand(t.ctx.db, ["reactivate-property", propertyId], "ops", t.ctx.payments);
    expect((await get(cover)).statusCode).toBe(200);

    expect((await t.as(user, "DELETE", `/api/properties/${propertyId}`)).statusCode).toBe(204);
    expect((await get(cover)).statusCode).toBe(404);
    expect((await get(cover, { "if-none-match": String(served.headers.etag) })).statusCode).toBe(404);
  });
});
