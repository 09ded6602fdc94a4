import fs from "node:fs";
import { inflateSync } from "node:zlib";
import { readBytes } from "./streamed-upload.ts";

/**
 * Content checks of uploaded videos and PDFs, read from the uploaded file (never from its name or the
 * browser's type, FILE rules): a real walk of the container's structure, not a look at magic bytes. They
 * read only what they need (box headers, the first megabytes, the PDF's end), so a 200 MB video is never
 * held in memory.
 */

export interface ProbedVideo {
  contentType: "video/mp4" | "video/quicktime" | "video/webm";
  ext: "mp4" | "mov" | "webm";
}

/** How far into a file the probes look for the structure that must come first (WebM's Info and Tracks). */
export const PROBE_BYTES = 4 * 1024 * 1024;

const MP4_BRANDS = new Set(["isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "M4VH", "M4VP"]);
const MP4_BRANDS_MORE = new Set(["dash", "MSNV", "NDAS"]);
/** Top-level boxes of an old QuickTime file, which may start without `ftyp`. */
const QUICKTIME_FIRST = new Set(["moov", "wide", "mdat", "free", "skip"]);
const MAX_BOXES = 10_000;

const fourCc = (buf: Buffer, at: number) => buf.toString("latin1", at, at + 4);
const isBoxType = (type: string) => /^[\x20-\x7e]{4}$/.test(type) && type !== "    ";

/**
 * Walks the boxes of an ISO-BMFF (MP4) or QuickTime file from `start` to `end`, reading one header at a
 * time. Null when a size is impossible, a type is not four printable characters, or the boxes do not end
 * exactly at `end` (a truncated or forged file).
 */
async function walkBoxes(handle: fs.promises.FileHandle, start: number, end: number) {
  const boxes: { type: string; start: number; size: number; header: number }[] = [];
  const buffer = Buffer.alloc(16);
  let at = start;
  while (at < end) {
    if (boxes.length >= MAX_BOXES) return null;
    const { bytesRead } = await handle.read(buffer, 0, 16, at);
    const h = buffer.subarray(0, bytesRead);
    if (h.length < 8) return null;
    let size = h.readUInt32BE(0);
    let header = 8;
    if (size === 1) {
      if (h.length < 16) return null;
      size = Number(h.readBigUInt64BE(8));
      header = 16;
    } else if (size === 0) size = end - at; // "to the end of the file"
    const type = fourCc(h, 4);
    if (!isBoxType(type) || size < header || at + size > end) return null;
    boxes.push({ type, start: at, size, header });
    at += size;
  }
  return at === end ? boxes : null;
}

/** MP4 or MOV: an ftyp box with a known brand (or an old QuickTime start), and a movie box with its header. */
async function probeIsoBmff(file: string, head: Buffer, size: number): Promise<ProbedVideo | null> {
  if (head.length < 12) return null;
  const first = fourCc(head, 4);
  let kind: ProbedVideo | null = null;
  if (first === "ftyp") {
    const brand = fourCc(head, 8);
    if (brand === "qt  ") kind = { contentType: "video/quicktime", ext: "mov" };
    else if (MP4_BRANDS.has(brand) || MP4_BRANDS_MORE.has(brand)) kind = { contentType: "video/mp4", ext: "mp4" };
  } else if (QUICKTIME_FIRST.has(first)) kind = { contentType: "video/quicktime", ext: "mov" };
  if (!kind) return null;
  const handle = await fs.promises.open(file, "r");
  try {
    const boxes = await walkBoxes(handle, 0, size);
    const moov = boxes?.find((b) => b.type === "moov");
    if (!boxes || !moov || !boxes.some((b) => b.type === "mdat")) return null;
    // Inside the movie box: its header (mvhd) and at least one track.
    const children = await walkBoxes(handle, moov.start + moov.header, moov.start + moov.size);
    if (!children?.some((b) => b.type === "mvhd") || !children.some((b) => b.type === "trak")) return null;
    return kind;
  } finally {
    await handle.close();
  }
}

/** An EBML variable-length integer at `at`: its value (marker bit removed) and length; null when invalid. */
function readVint(buf: Buffer, at: number, keepMarker = false): { value: number; length: number } | null {
  const first = buf[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || at + length > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + buf[at + i]!;
    if (buf[at + i] !== 0xff) allOnes = false;
  }
  // All value bits set means "unknown size" (a live-recorded Segment or Cluster).
  return { value: !keepMarker && allOnes ? -1 : value, length };
}

const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TRACKS = 0x1654ae6b;
const CLUSTER = 0x1f43b675;
/** Level-1 elements a Segment may hold (Matroska spec), plus Void and CRC-32 which may appear anywhere. */
const SEGMENT_CHILDREN = new Set([
  0x114d9b74,
  INFO,
  TRACKS,
  CLUSTER,
  0x1c53bb6b,
  0x1254c367,
  0x1043a770,
  0x1941a469,
  0xec,
  0xbf,
]);

function readElement(buf: Buffer, at: number) {
  const id = readVint(buf, at, true);
  if (!id) return null;
  const size = readVint(buf, at + id.length);
  if (!size) return null;
  return { id: id.value, dataStart: at + id.length + size.length, size: size.value };
}

/** WebM: an EBML header whose DocType is "webm", then a Segment whose Info and Tracks come before any Cluster. */
function probeWebm(head: Buffer, size: number): ProbedVideo | null {
  const header = readElement(head, 0);
  if (!header || header.id !== EBML || header.size < 0) return null;
  const headerEnd = header.dataStart + header.size;
  if (headerEnd > head.length) return null;
  let docType: string | null = null;
  for (let at = header.dataStart; at < headerEnd;) {
    const el = readElement(head, at);
    if (!el || el.size < 0 || el.dataStart + el.size > headerEnd) return null;
    if (el.id === DOC_TYPE) docType = head.toString("latin1", el.dataStart, el.dataStart + el.size);
    at = el.dataStart + el.size;
  }
  if (docType?.replace(/\0+$/, "") !== "webm") return null;
  const segment = readElement(head, headerEnd);
  if (!segment || segment.id !== SEGMENT) return null;
  if (segment.size >= 0 && segment.dataStart + segment.size > size) return null;
  const seen = new Set<number>();
  for (let at = segment.dataStart; at < head.length;) {
    const el = readElement(head, at);
    if (!el || !SEGMENT_CHILDREN.has(el.id)) return null;
    if (el.id === CLUSTER) break;
    seen.add(el.id);
    if (el.size < 0 || el.dataStart + el.size > size) return null;
    at = el.dataStart + el.size;
  }
  return seen.has(INFO) && seen.has(TRACKS) ? { contentType: "video/webm", ext: "webm" } : null;
}

/** A video by its structure (OPEN-56: MP4, MOV, WebM), read from the file; null for anything else. */
export async function probeVideo(file: string): Promise<ProbedVideo | null> {
  const { size } = await fs.promises.stat(file);
  const head = await readBytes(file, 0, Math.min(size, PROBE_BYTES));
  if (head.length >= 4 && head.readUInt32BE(0) === EBML) return probeWebm(head, size);
  return probeIsoBmff(file, head, size);
}

/** PDF names of actions that run code: scripts, programs, embedded players. */
const SCRIPT_NAMES = new Set(["JavaScript", "JS", "Launch", "RichMedia"]);
/**
 * Names of actions a viewer runs by itself, on opening the file (OpenAction) or on a page or field event (AA).
 * Usually harmless (LaTeX's hyperref opens at page 1 with OpenAction), and any script they would run is found
 * by SCRIPT_NAMES, but a guest's viewer should not act on its own: such PDFs are served as downloads.
 */
const AUTO_ACTION_NAMES = new Set(["OpenAction", "AA"]);
type PdfCheck = "pdf" | "not-pdf" | "script" | "auto-action";
/** The end of the storage key of a file served with Content-Disposition: attachment (features/files). */
export const DOWNLOAD_SUFFIX = ".download.pdf";
const TAIL_BYTES = 2048;
const SCAN_CHUNK = 1024 * 1024;

/** PDF names may escape any character as #xx (/J#61vaScript is /JavaScript). */
const decodeName = (name: string) =>
  name.replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The worst action name in `text`: a script, an automatic action, or none. */
function findActions(text: string): "script" | "auto-action" | null {
  let found: "auto-action" | null = null;
  for (const match of text.matchAll(/\/((?:[A-Za-z0-9]|#[0-9A-Fa-f]{2})+)/g)) {
    const name = decodeName(match[1]!);
    if (SCRIPT_NAMES.has(name)) return "script";
    if (AUTO_ACTION_NAMES.has(name)) found = "auto-action";
  }
  return found;
}

const OBJECT_STREAM_MAX_BYTES = 4 * 1024 * 1024;
const OBJECT_STREAM_MAX_INFLATED = 16 * 1024 * 1024;
const OBJECT_STREAMS_MAX = 1000;

/**
 * PDF 1.5 object streams (`/Type /ObjStm`) hold dictionaries compressed, where a scan of the raw bytes cannot
 * see an /OpenAction. Each is inflated (bounded, against zip bombs) and scanned; one that cannot be read counts
 * as a script, since what it hides is unknown.
 */
async function objectStreamActions(file: string, at: number): Promise<"script" | "auto-action" | null> {
  const around = (await readBytes(file, at, 4096)).toString("latin1");
  const keyword = /stream(\r\n|\n|\r)/.exec(around);
  if (!keyword) return "script";
  const start = at + keyword.index + keyword[0].length;
  const raw = await readBytes(file, start, OBJECT_STREAM_MAX_BYTES);
  const end = raw.indexOf("endstream");
  if (end < 0) return "script";
  try {
    const inflated = inflateSync(raw.subarray(0, end), { maxOutputLength: OBJECT_STREAM_MAX_INFLATED });
    return findActions(inflated.toString("latin1"));
  } catch {
    return "script";
  }
}

/**
 * Checks a PDF by its structure (FILE rules, CONT-23): a `%PDF-` header in the first KB, and a trailer at the
 * end (`startxref`, its offset and `%%EOF` in the last 2 KB). Then the action names in the file's bytes and in
 * its compressed object streams: "script" for JavaScript, Launch or RichMedia (refused), "auto-action" for
 * OpenAction or AA (served as a download). Names inside page content streams do not run anything.
 */
export async function checkPdf(file: string): Promise<PdfCheck> {
  const { size } = await fs.promises.stat(file);
  const head = await readBytes(file, 0, Math.min(size, 1024));
  if (!head.toString("latin1").includes("%PDF-")) return "not-pdf";
  const tail = (await readBytes(file, Math.max(0, size - TAIL_BYTES), TAIL_BYTES)).toString("latin1");
  if (!/startxref\s+\d+\s+%%EOF/.test(tail)) return "not-pdf";
  const objectStreams = new Set<number>();
  let worst: "auto-action" | null = null;
  // Chunks overlap by 256 bytes so a name split across two reads is still seen.
  for (let at = 0; at < size; at += SCAN_CHUNK - 256) {
    const text = (await readBytes(file, at, SCAN_CHUNK)).toString("latin1");
    const found = findActions(text);
    if (found === "script") return "script";
    worst ??= found;
    for (const match of text.matchAll(/\/Type\s*\/ObjStm/g)) objectStreams.add(at + match.index);
    if (at + SCAN_CHUNK >= size) break;
  }
  if (objectStreams.size > OBJECT_STREAMS_MAX) return "script";
  for (const at of objectStreams) {
    const found = await objectStreamActions(file, at);
    if (found === "script") return "script";
    worst ??= found;
  }
  return worst ?? "pdf";
}
