import QRCode from "qrcode";

export interface WifiDetails {
  network: string;
  password: string | null;
}

const text = (html: string) =>
  html
    .replace(/<br\s*\/?>|<\/p>|<\/li>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

/**
 * The network and password of the Wi-Fi item, read from the "Network: … / Password: …" lines the
 * catalogue's template writes; null when the host wrote it differently or left the placeholder.
 */
export function wifiDetails(detailHtml: string): WifiDetails | null {
  const plain = text(detailHtml);
  const network = /(?:network|ssid)\s*(?:name)?\s*:\s*([^\n]+)/i.exec(plain)?.[1]?.trim();
  const password = /password\s*:\s*([^\n]+)/i.exec(plain)?.[1]?.trim() ?? null;
  if (!network || network.startsWith("[")) return null;
  return { network, password: password && !password.startsWith("[") ? password : null };
}

// WIFI: join format (ZXing): backslash-escape \ ; , : and ".
const escapeWifi = (s: string) => s.replace(/([\\;,:"])/g, "\\$1");

/** The text a Wi-Fi join QR code carries. */
export function wifiPayload(wifi: WifiDetails): string {
  return wifi.password
    ? `WIFI:T:WPA;S:${escapeWifi(wifi.network)};P:${escapeWifi(wifi.password)};;`
    : `WIFI:T:nopass;S:${escapeWifi(wifi.network)};;`;
}

/** A Wi-Fi join QR code as inline SVG (phones offer to join the network when they scan it). */
export function wifiQrSvg(wifi: WifiDetails): string {
  const qr = QRCode.create(wifiPayload(wifi), { errorCorrectionLevel: "M" });
  const size = qr.modules.size;
  let path = "";
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) if (qr.modules.get(y, x)) path += `M${x + 2} ${y + 2}h1v1h-1z`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size + 4} ${size + 4}" shape-rendering="crispEdges" aria-hidden="true"><path fill="#000" d="${path}"/></svg>`;
}
