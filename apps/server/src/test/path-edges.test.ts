import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./app.ts";

/**
 * Path segments a header or the file system cannot hold: a character outside Latin-1 in a guide's id (it reaches
 * Location and Service-Worker-Allowed), a file key's segment longer than a file name may be, a path through a
 * file. They name nothing: never a 500.
 */
describe("path segments that name nothing", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The storage folder exists, as it does once anything was uploaded: the file system then judges the name.
    await t.ctx.storage.put("properties/edge/cover-0123456789abcdef.webp", Buffer.from("RIFF"), "image/webp");
  });
  afterAll(() => t.close());

  it("answers a guide id outside Latin-1 without a 500, its redirect's Location percent-encoded", async () => {
    for (const id of ["%E2%80%AE", "%E6%97%A5", "%F0%9F%8F%A0"]) {
      const messages = await t.app.inject({ url: `/g/${id}/messages` });
      expect(messages.statusCode, messages.body.slice(0, 200)).toBe(303);
      expect(messages.headers.location).toBe(`/g/${id}`);
      expect((await t.app.inject({ url: `/g/${id}` })).statusCode).toBe(404);
      const worker = await t.app.inject({ url: `/g/${id}/sw.js` });
      expect(worker.statusCode, worker.body.slice(0, 200)).toBeLessThan(500);
      if (worker.statusCode === 200) expect(worker.headers["service-worker-allowed"]).toBe(`/g/${id}`);
      const posted = await t.app.inject({
        method: "POST",
        url: `/g/${id}/messages`,
        payload: { firstName: "A", lastName: "B", message: "Hi" },
      });
      expect(posted.statusCode, posted.body.slice(0, 200)).toBeLessThan(500);
    }
  });

  it("answers a file key with a 256-character segment, or a path through a file, 404", async () => {
    const long = "a".repeat(256);
    for (const url of [
      `/files/${long}`,
      `/files/properties/${long}.webp`,
      `/files/properties/${long}.webp?w=300`,
      "/files/properties/edge/cover-0123456789abcdef.webp/x.webp",
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, `${url.slice(0, 40)} → ${res.body.slice(0, 200)}`).toBe(404);
    }
    expect((await t.app.inject({ url: "/files/properties/edge/cover-0123456789abcdef.webp" })).statusCode).toBe(200);
  });
});
