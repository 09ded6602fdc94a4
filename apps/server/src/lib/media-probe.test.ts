import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { makeMov, makeMp4, makePdf, makeWebm } from "../test/media-fixtures.ts";
import { checkPdf, probeVideo } from "./media-probe.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-probe-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;
const onDisk = (body: Buffer) => {
  const file = path.join(dir, `f${n++}`);
  fs.writeFileSync(file, body);
  return file;
};
const video = (body: Buffer) => probeVideo(onDisk(body));
const pdf = (body: Buffer | string) => checkPdf(onDisk(Buffer.isBuffer(body) ? body : Buffer.from(body, "latin1")));

describe("video probe (OPEN-56: MP4, MOV, WebM by their container)", () => {
  it("accepts MP4, MOV and WebM files whose structure holds", async () => {
    expect(await video(makeMp4())).toEqual({ contentType: "video/mp4", ext: "mp4" });
    expect(await video(makeMov())).toEqual({ contentType: "video/quicktime", ext: "mov" });
    expect(await video(makeWebm())).toEqual({ contentType: "video/webm", ext: "webm" });
    // A large media box is walked past by its header, not read.
    expect(await video(makeMp4({ mdatBytes: 6 * 1024 * 1024 }))).toEqual({ contentType: "video/mp4", ext: "mp4" });
  });

  it("refuses files that only start like a video", async () => {
    // The old check's whole test: an ftyp box and zeros.
    expect(
      await video(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.alloc(64)])),
    ).toBeNull();
    const mp4 = makeMp4();
    expect(await video(mp4.subarray(0, mp4.length - 10))).toBeNull(); // truncated: the last box overruns the file
    expect(await video(Buffer.concat([mp4, Buffer.from("<script>alert(1)</script>")]))).toBeNull(); // trailing junk
    const noMovie = Buffer.from(mp4);
    noMovie.write("free", mp4.indexOf("moov"), "latin1");
    expect(await video(noMovie)).toBeNull();
    const heic = makeMp4({ brand: "heic" });
    expect(await video(heic)).toBeNull();
    expect(
      await video(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from("webm webm webm")])),
    ).toBeNull();
    expect(await video(makeWebm("matroska"))).toBeNull();
    const webm = makeWebm();
    expect(await video(webm.subarray(0, 60))).toBeNull(); // the Segment ends before Info and Tracks
    expect(await video(Buffer.from("%PDF-1.4 not a video"))).toBeNull();
    expect(await video(Buffer.alloc(0))).toBeNull();
  });
});

describe("PDF check (header, trailer, active content)", () => {
  it("accepts a PDF with its header and trailer", async () => {
    expect(await pdf(makePdf())).toBe("pdf");
    expect(await pdf(Buffer.concat([makePdf(), Buffer.from("\r\n")]))).toBe("pdf");
  });

  it("refuses a file with only a PDF header, or none", async () => {
    expect(await pdf("%PDF-1.7\n%âãÏÓ\n1 0 obj\n")).toBe("not-pdf");
    expect(await pdf(makePdf().subarray(0, 200))).toBe("not-pdf"); // truncated upload
    expect(await pdf(Buffer.concat([Buffer.from("GIF89a"), makePdf().subarray(9)]))).toBe("not-pdf");
  });

  it("finds scripts and automatic actions, also #-escaped, deep in the file or in object streams", async () => {
    expect(await pdf(makePdf("/OpenAction << /S /JavaScript /JS (app.alert(1)) >> "))).toBe("script");
    expect(await pdf(makePdf("/Names << /J#61vaScript 5 0 R >> "))).toBe("script");
    expect(await pdf(makePdf("/OpenAction << /S /Launch /F (calc.exe) >> "))).toBe("script");
    const padded = makePdf(`/Padding (${"x".repeat(3 * 1024 * 1024)}) /RichMedia 7 0 R `);
    expect(await pdf(padded)).toBe("script");
    // Automatic actions without a script (LaTeX opens at page 1 this way): served as downloads.
    expect(await pdf(makePdf("/OpenAction [3 0 R /Fit] "))).toBe("auto-action");
    expect(await pdf(makePdf("/AA << /O 6 0 R >> "))).toBe("auto-action");
    expect(await pdf(makePdf(`/Padding (${"x".repeat(3 * 1024 * 1024)}) /OpenAction 7 0 R `))).toBe("auto-action");
    // Hidden in a compressed object stream (PDF 1.5), where the raw bytes show nothing.
    const hidden = deflateSync(Buffer.from("<< /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>"));
    expect(await pdf(withObjectStream(hidden))).toBe("script");
    const openAt = deflateSync(Buffer.from("<< /OpenAction [3 0 R /Fit] >>"));
    expect(await pdf(withObjectStream(openAt))).toBe("auto-action");
    expect(await pdf(withObjectStream(deflateSync(Buffer.from("<< /Type /Font /Subtype /Type1 >>"))))).toBe("pdf");
    expect(await pdf(withObjectStream(Buffer.from("not deflate at all")))).toBe("script");
    // Lookalike names are not actions.
    expect(await pdf(makePdf("/JSON (1) /AAB 2 "))).toBe("pdf");
  });
});

/** A PDF whose extra object is an object stream holding `compressed` (its dictionaries, deflated). */
function withObjectStream(compressed: Buffer): Buffer {
  const pdf = makePdf();
  const xref = pdf.lastIndexOf("\nxref\n") + 1;
  const object = Buffer.concat([
    Buffer.from(
      `4 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${compressed.length} >>\nstream\n`,
    ),
    compressed,
    Buffer.from("\nendstream\nendobj\n"),
  ]);
  // The cross-reference offsets are not rewritten: the check reads names and trailer, not the xref table.
  return Buffer.concat([pdf.subarray(0, xref), object, pdf.subarray(xref)]);
}
