import { createWriteStream } from "node:fs";
import { once } from "node:events";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { constants, createGzip } from "node:zlib";

/**
 * A streamed .tar.gz writer (POSIX ustar): entries go to the file one after another, so an archive of many
 * uploads never sits in memory. Paths up to 255 bytes (a prefix of 155 and a name of 100).
 */
export interface TarWriter {
  addBuffer(name: string, body: Buffer): Promise<void>;
  addStream(name: string, size: number, body: Readable): Promise<void>;
  close(): Promise<void>;
}

function header(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(512);
  const field = (value: string, offset: number, length: number) => block.write(value, offset, length, "utf8");
  const octal = (value: number, offset: number, length: number) =>
    field(value.toString(8).padStart(length - 1, "0") + "\0", offset, length);
  // ustar: a long path is split at a "/" into a prefix (155 bytes) and a name (100 bytes).
  let prefix = "";
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf("/", name.length - 1);
    const candidate = name.slice(0, cut);
    if (cut <= 0 || Buffer.byteLength(candidate) > 155 || Buffer.byteLength(name.slice(cut + 1)) > 100) {
      throw new Error(`tar entry name too long: ${name}`);
    }
    prefix = candidate;
    name = name.slice(cut + 1);
  }
  field(name, 0, 100);
  field(prefix, 345, 155);
  octal(0o644, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(Math.floor(mtime.getTime() / 1000), 136, 12);
  field("        ", 148, 8);
  field("0", 156, 1);
  field("ustar\0", 257, 6);
  field("00", 263, 2);
  let sum = 0;
  for (const byte of block) sum += byte;
  field(sum.toString(8).padStart(6, "0") + "\0 ", 148, 8);
  return block;
}

/** Opens `path` for a gzip-compressed tar archive. */
export function createTarGz(path: string, mtime: Date): TarWriter {
  // The fastest level: most of an account's bytes are its photos, already compressed (JPEG, WebP), which no
  // level shrinks (0.5 % for 500 uploads, bench/account-export.ts); records.json still shrinks well.
  const gzip = createGzip({ level: constants.Z_BEST_SPEED });
  const done = pipeline(gzip, createWriteStream(path));
  const write = async (chunk: Buffer) => {
    if (!gzip.write(chunk)) await once(gzip, "drain");
  };
  const pad = (size: number) => (size % 512 === 0 ? Buffer.alloc(0) : Buffer.alloc(512 - (size % 512)));
  return {
    async addBuffer(name, body) {
      await write(header(name, body.length, mtime));
      await write(body);
      await write(pad(body.length));
    },
    async addStream(name, size, body) {
      await write(header(name, size, mtime));
      let written = 0;
      for await (const chunk of body) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
        written += buffer.length;
        await write(buffer);
      }
      if (written !== size) throw new Error(`tar entry ${name}: ${written} bytes, expected ${size}`);
      await write(pad(size));
    },
    async close() {
      gzip.end(Buffer.alloc(1024));
      await done;
    },
  };
}
