import QRCode from "qrcode";

// Error correction "Q" (25 %) survives a smudged or partly covered print.
const QR_OPTIONS = { errorCorrectionLevel: "Q" as const, margin: 2 };

/** A print-quality PNG of the QR code for `url` (PROP-23): 1024 px by default. */
export function qrPng(url: string, width = 1024): Promise<Buffer> {
  return QRCode.toBuffer(url, { ...QR_OPTIONS, type: "png", width, color: { dark: "#000000", light: "#ffffff" } });
}

/** The QR code as scalable SVG, for print shops. */
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { ...QR_OPTIONS, type: "svg" });
}

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);

/** An A4 poster (210 × 297 mm) with the property title, the QR code and the brand colour, ready to print. */
export async function posterSvg(options: {
  url: string;
  title: string;
  brand: string;
  colour: string | null;
}): Promise<string> {
  const qr = QRCode.create(options.url, { errorCorrectionLevel: "Q" });
  const size = qr.modules.size;
  const cells: string[] = [];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) if (qr.modules.get(y, x)) cells.push(`M${x} ${y}h1v1h-1z`);
  }
  const colour = options.colour ?? "#1f6f68";
  const qrMm = 130;
  const title = options.title.length > 40 ? `${options.title.slice(0, 39)}…` : options.title;
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297">
  <rect width="210" height="297" fill="#ffffff"/>
  <rect width="210" height="14" fill="${escapeXml(colour)}"/>
  <text x="105" y="50" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="12" font-weight="700" fill="#111827">${escapeXml(title)}</text>
  <text x="105" y="66" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="6.5" fill="#374151">Welcome! Scan the code for Wi-Fi, check-in and house information.</text>
  <g transform="translate(${(210 - qrMm) / 2} 80) scale(${qrMm / size})"><path d="${cells.join("")}" fill="#000000" shape-rendering="crispEdges"/></g>
  <text x="105" y="232" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="5" fill="#4b5563">Or open ${escapeXml(options.url)}</text>
  <text x="105" y="282" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="5" fill="#6b7280">${escapeXml(options.brand)}</text>
</svg>`;
}
