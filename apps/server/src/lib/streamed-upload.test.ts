import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import fastifyMultipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { multipart } from "../test/factories.ts";
import {
  HEAD_BYTES,
  receiveFiles,
  registerUploadCleanup,
  UPLOAD_TEMP_DIR,
  type ReceivedFile,
} from "./streamed-upload.ts";

const KB = 1024;
let app: FastifyInstance;
/** What the route saw: the files, and whether each temporary file existed while the handler ran. */
let seen: { files: ReceivedFile[]; onDisk: Buffer[] } = { files: [], onDisk: [] };

beforeAll(async () => {
  // The refused upload in the last test leaves its connection open: close it with the app.
  app = Fastify({ forceCloseConnections: true });
  // The app's global multipart limits are smaller; receiveFiles sets its own per request.
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * KB, files: 2 } });
  registerUploadCleanup(app);
  app.setErrorHandler((error: Error & { status?: number; statusCode?: number; code?: string }, _request, reply) =>
    reply.status(error.status ?? error.statusCode ?? 500).send({ code: error.code, message: error.message }),
  );
  // Like guest message attachments: up to 10 files of up to 100 KB, in "files" or "file".
  app.post("/attachments", async (request) => {
    const files = await receiveFiles(request, { maxBytes: 100 * KB, maxFiles: 10, fields: ["files", "file"] });
    seen = { files, onDisk: files.map((f) => fs.readFileSync(f.path)) };
    return { count: files.length };
  });
  app.post("/total", async (request) => {
    await receiveFiles(request, { maxBytes: 100 * KB, maxFiles: 3, maxTotalBytes: 150 * KB });
    return { ok: true };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => app.close());

const file = (field: string, size: number, fill = 0x61) => ({
  field,
  filename: `${field}-${size}.bin`,
  contentType: "application/octet-stream",
  body: Buffer.alloc(size, fill),
});
const post = (url: string, files: ReturnType<typeof file>[]) => {
  const m = multipart(files);
  return app.inject({ method: "POST", url, payload: m.payload, headers: m.headers });
};

// Deleting after a response is quick, but a busy CI machine can pause a process for a second (vi.waitFor's default).
const SLOW_MACHINE = { timeout: 10_000 };

describe("streamed uploads (lib/streamed-upload.ts)", () => {
  it("streams up to ten files to temporary files with their size and first bytes, deleted after the response", async () => {
    const files = Array.from({ length: 10 }, (_, i) => file(i % 2 ? "files" : "file", 1000 + i * 9000, 0x30 + i));
    const res = await post("/attachments", files);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 10 });
    seen.files.forEach((received, i) => {
      expect(received.size).toBe(files[i]!.body.length);
      expect(received.field).toBe(files[i]!.field);
      expect(received.filename).toBe(files[i]!.filename);
      expect(received.head.equals(files[i]!.body.subarray(0, HEAD_BYTES))).toBe(true);
      expect(seen.onDisk[i]!.equals(files[i]!.body)).toBe(true);
    });
    // Deleted by the onResponse hook, which runs just after the response.
    await vi.waitFor(() => expect(seen.files.filter((f) => fs.existsSync(f.path))).toEqual([]), SLOW_MACHINE);
  });

  it("refuses an eleventh file, a file in another field, no file, and a body that is not multipart", async () => {
    const eleven = await post(
      "/attachments",
      Array.from({ length: 11 }, () => file("files", 10)),
    );
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json().message).toBe("Upload from 1 to 10 files in the fields `files`, `file`.");
    expect((await post("/attachments", [file("photo", 10)])).statusCode).toBe(400);
    expect((await post("/attachments", [])).statusCode).toBe(400);
    const json = await app.inject({ method: "POST", url: "/attachments", payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
    // The refused requests' temporary files are gone too.
    expect(seen.files.every((f) => !fs.existsSync(f.path))).toBe(true);
  });

  it("refuses a file over its cap (413) and a request over its total, deleting what was written", async () => {
    // A clean start: the previous test's (or a parallel file's) files are deleted after their responses, not before.
    await vi.waitFor(() => expect(ours()).toEqual([]), SLOW_MACHINE);
    const big = await post("/attachments", [file("file", 10), file("files", 100 * KB + 1)]);
    expect(big.statusCode).toBe(413);
    expect((await post("/attachments", [file("file", 100 * KB)])).statusCode).toBe(200);
    const total = await post("/total", [file("file", 80 * KB), file("file", 80 * KB)]);
    expect(total.statusCode).toBe(413);
    await vi.waitFor(() => expect(ours()).toEqual([]), SLOW_MACHINE);
  });

  it("answers 413 while a too-large file is still arriving, without waiting for the rest of the body", async () => {
    const { port } = app.server.address() as AddressInfo;
    const boundary = "----capwhilestreaming";
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          port,
          method: "POST",
          path: "/attachments",
          headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": 10 * 1024 * KB },
        },
        (res) => {
          resolve(res.statusCode ?? 0);
          req.destroy();
        },
      );
      req.on("error", (error) => ((error as NodeJS.ErrnoException).code === "ECONNRESET" ? undefined : reject(error)));
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: video/mp4\r\n\r\n`,
      );
      // 300 KB of a declared 10 MB body, then nothing: a buffering server would wait for the rest.
      req.write(Buffer.alloc(300 * KB, 0x62));
    });
    expect(status).toBe(413);
  });
});

/** This process's temporary upload files (test files in other workers are other processes). */
function ours(): string[] {
  fs.mkdirSync(UPLOAD_TEMP_DIR, { recursive: true });
  return fs.readdirSync(UPLOAD_TEMP_DIR).filter((name) => name.startsWith(`${process.pid}-`));
}
