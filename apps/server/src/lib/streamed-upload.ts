import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./app-error.ts";

/**
 * One uploaded file, streamed to a temporary file as it arrived: never held in memory (a 200 MB video
 * costs the server a 64 KB buffer, not 200 MB). The temporary file is deleted when the response has been
 * sent or the client has gone, so callers only read it (sharp, the content probes) or copy it to storage.
 */
export interface ReceivedFile {
  /** The multipart field it came in. */
  field: string;
  /** The name the browser gave; for display only, never for a path or a type decision. */
  filename: string;
  path: string;
  size: number;
  /** The first bytes (at most HEAD_BYTES), for quick checks by content. */
  head: Buffer;
}

export interface ReceiveOptions {
  /** Most bytes one file may have; a larger one is refused (413) while it streams, before it is all read. */
  maxBytes: number;
  /** Most files one request may hold (guest message attachments: 10). Default 1. */
  maxFiles?: number;
  /** The fields files may come in. Default ["file"]. */
  fields?: string[];
  /** Most bytes all files together may have. Default maxBytes × maxFiles. */
  maxTotalBytes?: number;
}

export const HEAD_BYTES = 4096;
/** Where uploads stream to; each file is named `<pid>-<random>`. */
export const UPLOAD_TEMP_DIR = path.join(os.tmpdir(), "doorstep-uploads");
const pending = new WeakMap<FastifyRequest, string[]>();

const exactly = (fields: string[], maxFiles: number) => new AppError("UPLOAD_FILE_COUNT", { fields, max: maxFiles });
const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE");

/** Deletes a request's temporary files; safe to call twice. */
async function cleanUp(request: FastifyRequest): Promise<void> {
  const paths = pending.get(request);
  if (!paths) return;
  pending.delete(request);
  await Promise.all(paths.map((p) => fs.promises.rm(p, { force: true })));
}

/** Deletes every request's temporary upload files once its response is sent, or when the client goes away. */
export function registerUploadCleanup(app: FastifyInstance): void {
  app.addHook("onResponse", async (request) => cleanUp(request));
  app.addHook("onRequestAbort", async (request) => cleanUp(request));
  app.addHook("onRequest", async (request, reply) => {
    // A client that disconnects before the reply is written gets no onResponse. (Only uploads have files:
    // the guide's hot routes skip the listener.)
    if (request.headers["content-type"]?.startsWith("multipart/")) reply.raw.once("close", () => void cleanUp(request));
  });
}

/** Counts bytes as they pass, keeps the first HEAD_BYTES, and fails once the file or the request is too large. */
function meter(maxBytes: number, budget: { left: number }) {
  const head: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      budget.left -= chunk.length;
      if (size > maxBytes || budget.left < 0) return done(tooLarge());
      if (headLength < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - headLength);
        head.push(Buffer.from(part));
        headLength += part.length;
      }
      done(null, chunk);
    },
  });
  return { transform, result: () => ({ size, head: Buffer.concat(head) }) };
}

/**
 * Receives the files of a multipart request, each streamed to a temporary file with the size caps enforced
 * as the bytes arrive (FILE-04, FILE-12). Non-file fields are ignored. Refuses (415) a request that is not
 * multipart, (400) files in other fields or too many or none, (413) a file or a request over its cap. Content
 * is not checked here: that is the caller's, by the file's bytes (lib/media-probe.ts, lib/images.ts).
 */
export async function receiveFiles(request: FastifyRequest, options: ReceiveOptions): Promise<ReceivedFile[]> {
  const { files } = await receiveParts(request, options, { minFiles: 1 });
  return files;
}

export interface FormOptions extends ReceiveOptions {
  /** More than `maxFiles` files are TOO_MANY_FILES ("You can attach up to N files"), not the generic UPLOAD_FILE_COUNT. */
  sayTooManyFiles?: boolean;
  /** Filled with the text fields as they arrive, so a caller still has them when a file is refused. */
  fieldsInto?: Record<string, string>;
}

/**
 * A multipart form with text fields and 0 to `maxFiles` files (guest messages, replies): the fields as
 * strings (the last value of a repeated name), the files streamed to temporary files like `receiveFiles`.
 * A file input left empty (a part with no name and no bytes) is not a file.
 */
export async function receiveForm(
  request: FastifyRequest,
  options: FormOptions,
): Promise<{ fields: Record<string, string>; files: ReceivedFile[] }> {
  return receiveParts(request, options, {
    minFiles: 0,
    sayTooManyFiles: options.sayTooManyFiles,
    values: options.fieldsInto,
  });
}

/**
 * The multipart parser (busboy) fails a body that is cut short or malformed — "Unexpected end of multipart
 * data", "Malformed part header", no boundary — with a bare Error: no status, no code, no syscall. That is the
 * client's body, answered 400; our own refusals (AppError, @fastify/multipart's limits with their status) and
 * the disk's failures (an errno with a syscall) keep theirs.
 */
function asClientError(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof AppError) return error;
  const { statusCode, code, syscall } = error as Error & { statusCode?: unknown; code?: unknown; syscall?: unknown };
  if (statusCode !== undefined || code !== undefined || syscall !== undefined) return error;
  return new AppError("UPLOAD_INCOMPLETE");
}

async function receiveParts(
  request: FastifyRequest,
  options: ReceiveOptions,
  rules: { minFiles: number; sayTooManyFiles?: boolean; values?: Record<string, string> },
): Promise<{ fields: Record<string, string>; files: ReceivedFile[] }> {
  try {
    return await receivePartsOrFail(request, options, rules);
  } catch (error) {
    throw asClientError(error);
  }
}

async function receivePartsOrFail(
  request: FastifyRequest,
  options: ReceiveOptions,
  rules: { minFiles: number; sayTooManyFiles?: boolean; values?: Record<string, string> },
): Promise<{ fields: Record<string, string>; files: ReceivedFile[] }> {
  const maxFiles = options.maxFiles ?? 1;
  const fields = options.fields ?? ["file"];
  if (!request.isMultipart()) throw new AppError("NOT_MULTIPART");
  await fs.promises.mkdir(UPLOAD_TEMP_DIR, { recursive: true });
  const paths = pending.get(request) ?? [];
  pending.set(request, paths);
  const budget = { left: options.maxTotalBytes ?? options.maxBytes * maxFiles };
  const files: ReceivedFile[] = [];
  const values: Record<string, string> = rules.values ?? {};
  const tooMany = () =>
    rules.sayTooManyFiles ? new AppError("TOO_MANY_FILES", { max: maxFiles }) : exactly(fields, maxFiles);
  // One more file and one more byte than allowed: "too many" is our 400 with a clear message, and "too large"
  // is our meter's error the moment the cap is passed. (At its own limit the parser only truncates the file
  // and waits for the part's end, which a client can hold back for as long as it likes.)
  const parts = request.parts({
    limits: { fileSize: options.maxBytes + 1, files: maxFiles + 1, fields: 20, fieldSize: 64 * 1024 },
  });
  for await (const part of parts) {
    if (part.type !== "file") {
      if (rules.minFiles === 0 && typeof part.value === "string") values[part.fieldname] = part.value;
      continue;
    }
    if (rules.minFiles === 0 && part.filename === "") {
      // An empty file input: browsers send a part with no name and no bytes.
      part.file.resume();
      continue;
    }
    if (!fields.includes(part.fieldname)) {
      part.file.resume();
      throw exactly(fields, maxFiles);
    }
    if (files.length >= maxFiles) {
      part.file.resume();
      throw tooMany();
    }
    const file = path.join(UPLOAD_TEMP_DIR, `${process.pid}-${randomBytes(12).toString("hex")}`);
    paths.push(file);
    const counted = meter(options.maxBytes, budget);
    await pipeline(part.file, counted.transform, fs.createWriteStream(file, { flags: "wx", mode: 0o600 }));
    if (part.file.truncated) throw tooLarge();
    files.push({ field: part.fieldname, filename: part.filename, path: file, ...counted.result() });
  }
  if (files.length < rules.minFiles) throw exactly(fields, maxFiles);
  return { fields: values, files };
}

/** Receives exactly one file from the field `file`, streamed to a temporary file (FILE-04). */
export async function receiveSingleFile(request: FastifyRequest, maxBytes: number): Promise<ReceivedFile> {
  return (await receiveFiles(request, { maxBytes, maxFiles: 1 }))[0]!;
}

/** Reads `length` bytes at `position` of a file (fewer at its end): content checks look at the parts they need. */
export async function readBytes(file: string, position: number, length: number): Promise<Buffer> {
  const handle = await fs.promises.open(file, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
