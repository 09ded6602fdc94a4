import { crc32 } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { startFakeS3 } from "../../test/fakes/s3-fake.ts";
import { buildUser, makePng, multipart } from "../../test/factories.ts";
import { parseByteRange } from "../../lib/byte-range.ts";

/** A valid 1×1 PNG whose IHDR claims `width` × `height`: tiny on disk, a decompression bomb if decoded. */
async function makeBombPng(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await makePng(1, 1));
  // IHDR: length(4) "IHDR"(4) at offset 8, data from 16 (width, height), CRC over type + 13 data bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** The ftyp box an iPhone HEIC photo starts with; the server decides by these bytes, not the name or type. */
const HEIC_HEADER = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1"),
  Buffer.alloc(64),
]);

describe("parseByteRange (RFC 9110 §14)", () => {
  it("reads first-last, open-ended and suffix ranges, clamps the end, ignores malformed or multiple ranges", () => {
    expect(parseByteRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange("bytes=900-", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange("bytes=-100", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange("bytes=-5000", 1000)).toEqual({ start: 0, end: 999 });
    expect(parseByteRange("bytes=990-5000", 1000)).toEqual({ start: 990, end: 999 });
    expect(parseByteRange(undefined, 1000)).toBeNull();
    expect(parseByteRange("bytes=abc", 1000)).toBeNull();
    expect(parseByteRange("items=0-1", 1000)).toBeNull();
    expect(parseByteRange("bytes=0-1,5-6", 1000)).toBeNull();
  });

  it("calls ranges outside the file unsatisfiable", () => {
    expect(parseByteRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=2000-3000", 1000)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=50-10", 1000)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=-0", 1000)).toBe("unsatisfiable");
  });
});

function rangeContract(
  name: string,
  setup: () => Promise<{ t: TestApp; ranges?: string[]; close?: () => Promise<void> }>,
) {
  describe(`GET /files/* with Range, ${name} (OPEN-56: iOS Safari plays video from 206 responses)`, () => {
    let t: TestApp;
    let ranges: string[] | undefined;
    let close: (() => Promise<void>) | undefined;
    const body = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    const url = "/files/accounts/a1/properties/p1/tour-0123456789abcdef.mp4";
    beforeAll(async () => {
      ({ t, ranges, close } = await setup());
      await t.ctx.storage.put(url.replace("/files/", ""), body, "video/mp4");
    });
    afterAll(async () => {
      await t.close();
      await close?.();
    });
    const get = (range?: string) => t.app.inject({ method: "GET", url, headers: range ? { range } : {} });

    it("serves the whole file with Accept-Ranges and the caching and safety headers", async () => {
      const res = await get();
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(body)).toBe(true);
      expect(res.headers).toMatchObject({
        "accept-ranges": "bytes",
        "content-length": "1000",
        "content-type": "video/mp4",
        "x-content-type-options": "nosniff",
        "cache-control": "public, no-cache",
      });
    });

    it("answers bytes=0-99 with 206 and exactly those 100 bytes", async () => {
      const res = await get("bytes=0-99");
      expect(res.statusCode).toBe(206);
      expect(res.rawPayload.length).toBe(100);
      expect(res.rawPayload.equals(body.subarray(0, 100))).toBe(true);
      expect(res.headers).toMatchObject({
        "content-range": "bytes 0-99/1000",
        "content-length": "100",
        "accept-ranges": "bytes",
      });
      // S3: the range is asked of the bucket, not cut from a whole download.
      if (ranges) expect(ranges).toContain("bytes=0-99");
    });

    it("answers open-ended and suffix ranges", async () => {
      const open = await get("bytes=900-");
      expect(open.statusCode).toBe(206);
      expect(open.headers["content-range"]).toBe("bytes 900-999/1000");
      expect(open.rawPayload.equals(body.subarray(900))).toBe(true);
      const suffix = await get("bytes=-10");
      expect(suffix.statusCode).toBe(206);
      expect(suffix.headers["content-range"]).toBe("bytes 990-999/1000");
      expect(suffix.rawPayload.equals(body.subarray(990))).toBe(true);
    });

    it("answers 416 with the size for a range outside the file", async () => {
      for (const range of ["bytes=1000-1100", "bytes=50-10"]) {
        const res = await get(range);
        expect(res.statusCode, range).toBe(416);
        expect(res.headers["content-range"]).toBe("bytes */1000");
        expect(res.rawPayload.length).toBe(0);
      }
    });

    it("still makes ?w= image variants, and serves them with ranges too", async () => {
      const key = "accounts/a1/properties/p1/cover-0123456789abcdef.webp";
      const sharp = (await import("sharp")).default;
      await t.ctx.storage.put(
        key,
        await sharp(await makePng(640, 480))
          .webp()
          .toBuffer(),
        "image/webp",
      );
      const small = await t.app.inject({ method: "GET", url: `/files/${key}?w=100` });
      expect(small.statusCode).toBe(200);
      expect((await sharp(small.rawPayload).metadata()).width).toBe(100);
      const head = await t.app.inject({ method: "GET", url: `/files/${key}?w=100`, headers: { range: "bytes=0-3" } });
      expect(head.statusCode).toBe(206);
      expect(head.rawPayload.toString("latin1")).toBe("RIFF");
      expect(
        (await t.app.inject({ method: "GET", url: "/files/accounts/a1/missing.mp4", headers: { range: "bytes=0-1" } }))
          .statusCode,
      ).toBe(404);
    });
  });
}

rangeContract("local disk", async () => ({ t: await createTestApp() }));
rangeContract("S3 (real SDK against the fake S3 API)", async () => {
  const fake = await startFakeS3("doorstep-files");
  const t = await createTestApp({
    config: {
      s3: {
        bucket: "doorstep-files",
        region: "eu-west-2",
        endpoint: fake.endpoint,
        accessKeyId: "test",
        secretAccessKey: "test-secret",
      },
    },
  });
  return { t, ranges: fake.ranges, close: fake.close };
});

describe("images: decompression bombs and HEIC (FILE rules, OPEN-56, decision 006)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const upload = (cookie: string, body: Buffer, filename: string, contentType: string) => {
    const { payload, headers } = multipart([{ field: "file", filename, contentType, body }]);
    return t.app.inject({ method: "PUT", url: "/api/me/photo", headers: { ...headers, cookie }, payload });
  };

  it("refuses an upload whose PNG declares 20,000 × 20,000 px before decoding it (413)", async () => {
    const user = await buildUser(t.ctx);
    const bomb = await makeBombPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200);
    const res = await upload(user.cookie, bomb, "bomb.png", "image/png");
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: "IMAGE_TOO_MANY_PIXELS", message: copy.errors.imageTooManyPixels });
  });

  it("refuses to resize a stored original over the pixel limit on the public ?w= path (413)", async () => {
    const key = "accounts/a1/legacy-0123456789abcdef.png";
    await t.ctx.storage.put(key, await makeBombPng(20_000, 20_000), "image/png");
    const res = await t.app.inject({ method: "GET", url: `/files/${key}?w=100` });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe("IMAGE_TOO_MANY_PIXELS");
    expect(await t.ctx.storage.stat(`${key}.w100.webp`)).toBeNull();
  });

  it("refuses HEIC by its bytes with its own message, whatever the name or browser type", async () => {
    const user = await buildUser(t.ctx);
    for (const [filename, type] of [
      ["IMG_0001.HEIC", "image/heic"],
      ["photo", ""],
      ["photo.jpg", "application/octet-stream"],
    ] as const) {
      const res = await upload(user.cookie, HEIC_HEADER, filename, type || "application/octet-stream");
      expect(res.statusCode, filename).toBe(415);
      expect(res.json().error).toMatchObject({ code: "HEIC_NOT_SUPPORTED", message: copy.errors.heicNotSupported });
    }
  });
});
