import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressible, pickEncoding } from "./compression.ts";

describe("compression", () => {
  it("prefers brotli, then gzip, honouring q=0", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip, deflate")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0.8")).toBe("gzip");
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });

  it("answers a remembered header the same, and keeps answering past the remembered few", () => {
    for (let round = 0; round < 2; round++) {
      expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
      expect(pickEncoding("br;q=0, gzip;q=0.8")).toBe("gzip");
      expect(pickEncoding("identity")).toBeNull();
    }
    for (let i = 0; i < 200; i++) expect(pickEncoding(`gzip;q=0.${(i % 9) + 1}, x-${i}`)).toBe("gzip");
    expect(pickEncoding(`br;q=0, x-unseen`)).toBeNull();
  });

  it("compresses once per encoding and round-trips", () => {
    const text = "<p>Guide</p>".repeat(500);
    const body = compressible(text);
    const br = body.get("br") as Buffer;
    expect(body.get("br")).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(text);
    expect(gunzipSync(body.get("gzip") as Buffer).toString()).toBe(text);
    expect(body.get(null)).toBe(text);
    expect(br.length).toBeLessThan(text.length / 10);
  });
});
