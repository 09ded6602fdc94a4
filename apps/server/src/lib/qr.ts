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
