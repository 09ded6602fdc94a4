import { createRequire } from "node:module";
import { copy } from "@doorstep/shared/copy";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { escapeHtml } from "../../lib/escape-html.ts";

/** Paper sizes the poster prints on, in millimetres (A4 and US Letter). */
export const PAPERS = { a4: { width: 210, height: 297 }, letter: { width: 215.9, height: 279.4 } } as const;
export type Paper = keyof typeof PAPERS;

export interface PosterInput {
  /** What the QR code encodes: the stable /q/ address (PROP-23). */
  qrUrl: string;
  /** The guide's web link, printed for guests who type it. */
  webLink: string;
  title: string;
  brand: string;
  colour: string | null;
  /** The cover photo as JPEG (what both SVG viewers and PDF take), or null. */
  coverJpeg: Buffer | null;
  /** A passcode is set: the poster says to ask the host for it (never the passcode itself). */
  protectedByPasscode: boolean;
  paper: Paper;
}

const FONT = "Helvetica, Arial, sans-serif";
const DEFAULT_COLOUR = "#1f6f68";
const HEX = /^#[0-9a-f]{6}$/i;

/** Where everything goes, in mm from the top left: one layout for the SVG and the PDF. */
function layout(input: PosterInput) {
  const { width, height } = PAPERS[input.paper];
  const band = 10;
  const cover = input.coverJpeg ? { x: 0, y: band, width, height: Math.round(height * 0.28) } : null;
  const top = cover ? cover.y + cover.height : 30;
  const titleY = top + 18;
  const introY = titleY + 11;
  const footerY = height - 12;
  const lowest = footerY - (input.protectedByPasscode ? 30 : 20);
  const qrSize = Math.min(120, lowest - (introY + 8));
  const qr = { x: (width - qrSize) / 2, y: introY + 8, size: qrSize };
  const linkY = qr.y + qrSize + 8;
  return { width, height, band, cover, titleY, introY, qr, linkY, passcodeY: linkY + 10, footerY };
}

function shortTitle(title: string): string {
  return title.length > 40 ? `${title.slice(0, 39)}…` : title;
}

function qrModules(url: string) {
  const qr = QRCode.create(url, { errorCorrectionLevel: "Q" });
  const size = qr.modules.size;
  const dark: [number, number][] = [];
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) if (qr.modules.get(y, x)) dark.push([x, y]);
  return { size, dark };
}

/** The poster as SVG in mm (PROP-23): cover, title, QR code, web link, the passcode note, the brand. */
export function posterSvg(input: PosterInput): string {
  const l = layout(input);
  const colour = input.colour && HEX.test(input.colour) ? input.colour : DEFAULT_COLOUR;
  const qr = qrModules(input.qrUrl);
  const cells = qr.dark.map(([x, y]) => `M${x} ${y}h1v1h-1z`).join("");
  const cx = l.width / 2;
  const text = (y: number, size: number, fill: string, body: string, weight = 400) =>
    `  <text x="${cx}" y="${y}" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeHtml(body)}</text>\n`;
  const cover = l.cover
    ? `  <image x="0" y="${l.cover.y}" width="${l.width}" height="${l.cover.height}" preserveAspectRatio="xMidYMid slice" href="data:image/jpeg;base64,${input.coverJpeg!.toString("base64")}"/>\n`
    : "";
  return (
    `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${l.width}mm" height="${l.height}mm" viewBox="0 0 ${l.width} ${l.height}">
  <rect width="${l.width}" height="${l.height}" fill="#ffffff"/>
  <rect width="${l.width}" height="${l.band}" fill="${colour}"/>
${cover}` +
    text(l.titleY, 12, "#111827", shortTitle(input.title), 700) +
    text(l.introY, 5.5, "#374151", copy.properties.posterIntro) +
    `  <g transform="translate(${l.qr.x} ${l.qr.y}) scale(${l.qr.size / qr.size})"><path d="${cells}" fill="#000000" shape-rendering="crispEdges"/></g>\n` +
    text(l.linkY, 5, "#111827", copy.properties.posterOpen(input.webLink)) +
    (input.protectedByPasscode ? text(l.passcodeY, 6, "#111827", copy.properties.posterPasscode, 700) : "") +
    text(l.footerY, 4.5, "#6b7280", input.brand) +
    `</svg>\n`
  );
}

const PT_PER_MM = 72 / 25.4;

/**
 * The PDF's fonts, embedded (subset) so the poster prints the same everywhere: DejaVu Sans covers Latin,
 * Greek and Cyrillic, where the PDF standard Helvetica knows only Western European letters. What it prints is
 * `pdfPosterPrints` (@doorstep/shared/rules/poster); the route refuses anything else.
 */
const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
export const POSTER_FONTS = { regular: fontFile("DejaVuSans.ttf"), bold: fontFile("DejaVuSans-Bold.ttf") };

/** The same poster as a one-page PDF on A4 or US Letter, for printing as it is. */
export function posterPdf(input: PosterInput): Promise<Buffer> {
  const l = layout(input);
  const pt = (mm: number) => mm * PT_PER_MM;
  const colour = input.colour && HEX.test(input.colour) ? input.colour : DEFAULT_COLOUR;
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: input.paper === "a4" ? "A4" : "LETTER",
      margin: 0,
      info: { Title: `${input.title} — poster`, Author: input.brand },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    const width = pt(l.width);
    doc.rect(0, 0, width, pt(l.band)).fill(colour);
    if (l.cover && input.coverJpeg) {
      doc.save();
      doc.rect(0, pt(l.cover.y), width, pt(l.cover.height)).clip();
      doc.image(input.coverJpeg, 0, pt(l.cover.y), {
        cover: [width, pt(l.cover.height)],
        align: "center",
        valign: "center",
      });
      doc.restore();
    }
    // pdfkit places text by its top; the SVG's y is the baseline: move up by about the cap height.
    // One line each: text wider than the page between its margins is set smaller until it fits, rather than
    // wrapping onto the line below.
    // No ligatures: "ff" in a web link drawn as one glyph reads the same but is copied from the PDF as
    // something else (fontkit takes an object of features to switch off; pdfkit's types know only the list).
    const features = { liga: false, clig: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[];
    const line = (y: number, size: number, fill: string, body: string, bold = false) => {
      const room = width - pt(24);
      doc.font(bold ? POSTER_FONTS.bold : POSTER_FONTS.regular).fontSize(pt(size));
      const sizePt = Math.min(pt(size), (pt(size) * room) / Math.max(1, doc.widthOfString(body, { features })));
      doc
        .fontSize(sizePt)
        .fillColor(fill)
        .text(body, pt(12), pt(y) - sizePt * 0.8, { width: room, align: "center", lineBreak: false, features });
    };
    line(l.titleY, 12, "#111827", shortTitle(input.title), true);
    line(l.introY, 5.5, "#374151", copy.properties.posterIntro);
    const qr = qrModules(input.qrUrl);
    const cell = pt(l.qr.size) / qr.size;
    for (const [x, y] of qr.dark) doc.rect(pt(l.qr.x) + x * cell, pt(l.qr.y) + y * cell, cell, cell);
    doc.fill("#000000");
    line(l.linkY, 5, "#111827", copy.properties.posterOpen(input.webLink));
    if (input.protectedByPasscode) line(l.passcodeY, 6, "#111827", copy.properties.posterPasscode, true);
    if (input.brand) line(l.footerY, 4.5, "#6b7280", input.brand);
    doc.end();
  });
}
