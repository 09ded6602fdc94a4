/**
 * Small but structurally real media files for upload tests: the server probes a video's container and a
 * PDF's header and trailer, so magic bytes alone no longer pass.
 */

const box = (type: string, ...children: Buffer[]) => {
  const body = Buffer.concat(children);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, body]);
};

/** An MP4 (or with brand "qt  " a MOV): ftyp, a movie box with its header and one track, and media data. */
export function makeMp4(options: { brand?: string; mdatBytes?: number } = {}): Buffer {
  const ftyp = box("ftyp", Buffer.from(`${options.brand ?? "isom"}\0\0\x02\0isomiso2mp41`, "latin1"));
  const moov = box("moov", box("mvhd", Buffer.alloc(100)), box("trak", box("tkhd", Buffer.alloc(84))));
  return Buffer.concat([ftyp, moov, box("mdat", Buffer.alloc(options.mdatBytes ?? 64, 0x42))]);
}

export const makeMov = () => makeMp4({ brand: "qt  " });

/** An EBML element: `id` as written (with its length marker), a one-to-eight byte size, the data. */
function ebml(id: number[], data: Buffer): Buffer {
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(data.length) | (1n << 56n));
  size[0] = 0x01; // an 8-byte size
  return Buffer.concat([Buffer.from(id), size, data]);
}

/** A WebM: the EBML header with DocType "webm", then a Segment holding Info, Tracks and one Cluster. */
export function makeWebm(docType = "webm"): Buffer {
  const header = ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x82], Buffer.from(docType)));
  const info = ebml([0x15, 0x49, 0xa9, 0x66], ebml([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40])));
  const tracks = ebml([0x16, 0x54, 0xae, 0x6b], ebml([0xae], ebml([0xd7], Buffer.from([1]))));
  const cluster = ebml([0x1f, 0x43, 0xb6, 0x75], ebml([0xe7], Buffer.from([0])));
  return Buffer.concat([header, ebml([0x18, 0x53, 0x80, 0x67], Buffer.concat([info, tracks, cluster]))]);
}

/** A one-page PDF with its cross-reference table and trailer; `extra` goes into the catalogue dictionary. */
export function makePdf(extra = ""): Buffer {
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${extra}>>`,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
  ];
  let body = "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
