import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeS3 } from "../../test/fakes/s3-fake.ts";
import type { StorageProvider } from "./file-storage.ts";
import { createLocalStorage } from "./local.ts";
import { createS3Storage } from "./s3.ts";

function storageContract(name: string, make: () => StorageProvider) {
  describe(name, () => {
    it("puts, gets, deletes with variants, and deletes a whole folder", async () => {
      const storage = make();
      await storage.put("accounts/a1/properties/p1/cover-1.webp", Buffer.from("cover"), "image/webp");
      await storage.put("accounts/a1/properties/p1/cover-1.webp.w300.webp", Buffer.from("small"), "image/webp");
      await storage.put("accounts/a1/properties/p1/doc.pdf", Buffer.from("%PDF"), "application/pdf");
      await storage.put("accounts/a1/properties/p2/cover.webp", Buffer.from("other"), "image/webp");

      const got = await storage.get("accounts/a1/properties/p1/cover-1.webp");
      expect(got?.body.toString()).toBe("cover");
      expect(got?.contentType).toBe("image/webp");
      expect(await storage.get("accounts/a1/missing.webp")).toBeNull();

      await storage.delete("accounts/a1/properties/p1/cover-1.webp");
      expect(await storage.get("accounts/a1/properties/p1/cover-1.webp")).toBeNull();
      expect(await storage.get("accounts/a1/properties/p1/cover-1.webp.w300.webp")).toBeNull();
      expect(await storage.get("accounts/a1/properties/p1/doc.pdf")).not.toBeNull();

      await storage.deletePrefix("accounts/a1/properties/p1/");
      expect(await storage.get("accounts/a1/properties/p1/doc.pdf")).toBeNull();
      expect((await storage.get("accounts/a1/properties/p2/cover.webp"))?.body.toString()).toBe("other");
    });

    it("copies an object to a new key; deleting the original leaves the copy", async () => {
      const storage = make();
      await storage.put("accounts/a1/properties/p1/item-1.webp", Buffer.from("photo"), "image/webp");
      await storage.copy("accounts/a1/properties/p1/item-1.webp", "accounts/a1/properties/p9/item-1.webp");
      await storage.delete("accounts/a1/properties/p1/item-1.webp");
      const copied = await storage.get("accounts/a1/properties/p9/item-1.webp");
      expect(copied?.body.toString()).toBe("photo");
      expect(copied?.contentType).toBe("image/webp");
      await expect(storage.copy("accounts/a1/none.webp", "accounts/a1/other.webp")).rejects.toThrow();
    });

    it("stats and streams an object, whole or one byte range", async () => {
      const storage = make();
      const body = Buffer.from("0123456789abcdef");
      await storage.put("accounts/a1/properties/p1/video-1.mp4", body, "video/mp4");
      expect(await storage.stat("accounts/a1/properties/p1/video-1.mp4")).toEqual({
        size: 16,
        contentType: "video/mp4",
      });
      expect(await storage.stat("accounts/a1/properties/p1/none.mp4")).toBeNull();
      const read = async (range?: { start: number; end: number }) => {
        const chunks: Buffer[] = [];
        for await (const chunk of await storage.stream("accounts/a1/properties/p1/video-1.mp4", range))
          chunks.push(chunk as Buffer);
        return Buffer.concat(chunks).toString();
      };
      expect(await read()).toBe("0123456789abcdef");
      expect(await read({ start: 2, end: 5 })).toBe("2345");
      expect(await read({ start: 15, end: 15 })).toBe("f");
    });

    it("stores a file from disk as it is, under its key", async () => {
      const storage = make();
      const source = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-put-")), "upload");
      const body = Buffer.alloc(3 * 1024 * 1024 + 7, 0x61);
      fs.writeFileSync(source, body);
      await storage.putFile("accounts/a1/properties/p1/video-2.mp4", source, "video/mp4");
      expect(await storage.stat("accounts/a1/properties/p1/video-2.mp4")).toEqual({
        size: body.length,
        contentType: "video/mp4",
      });
      expect((await storage.get("accounts/a1/properties/p1/video-2.mp4"))?.body.equals(body)).toBe(true);
      expect(fs.existsSync(source)).toBe(true);
    });

    it("takes several writes of one key at once (two requests making the same image variant), the last kept", async () => {
      const storage = make();
      const key = "accounts/a1/properties/p1/item-2.webp.w300.webp";
      const bodies = ["one", "two", "three", "four"].map((b) => Buffer.from(b));
      await Promise.all(bodies.map((body) => storage.put(key, body, "image/webp")));
      expect(["one", "two", "three", "four"]).toContain((await storage.get(key))?.body.toString());
      await Promise.all([0, 1, 2].map(() => storage.copy(key, "accounts/a1/properties/p9/item-2.webp.w300.webp")));
      expect(await storage.stat("accounts/a1/properties/p9/item-2.webp.w300.webp")).not.toBeNull();
    });

    it("refuses keys that could escape their folder", async () => {
      const storage = make();
      await expect(storage.put("../etc/passwd", Buffer.from("x"), "text/plain")).rejects.toThrow(/Unsafe/);
      await expect(storage.get("a/../../b")).rejects.toThrow(/Unsafe/);
      await expect(storage.deletePrefix("accounts")).rejects.toThrow(/Unsafe/);
    });
  });
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-storage-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
storageContract("local disk storage", () => createLocalStorage(dir));

let fake: Awaited<ReturnType<typeof startFakeS3>>;
beforeAll(async () => {
  fake = await startFakeS3("doorstep-files");
});
afterAll(() => fake.close());
storageContract("S3 storage (real SDK against a fake S3 API)", () =>
  createS3Storage({
    bucket: "doorstep-files",
    region: "eu-west-2",
    endpoint: fake.endpoint,
    accessKeyId: "test",
    secretAccessKey: "test-secret",
  }),
);
