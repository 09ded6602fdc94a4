// The QR code a host prints (PROP-23): PNG size in bytes at the default and a small size, and a check that
// each decodes (jsQR, the decoder the API tests use) to the stable /q/{propertyId} address. Reported, not asserted.
import jsQR from "jsqr";
import sharp from "sharp";
import { startServer } from "./lib.ts";

const server = await startServer({ RATE_LIMITS: "off", NODE_ENV: "development" });
let failed = false;
try {
  const signUp = await fetch(`${server.url}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      firstName: "Bench",
      email: `bench-qr-${Date.now()}@example.com`,
      password: "correct-horse-battery",
    }),
  });
  const cookie = signUp.headers.get("set-cookie")!.split(";")[0]!;
  const propertyId = `bench-qr-${Date.now().toString(36)}`;
  const created = await fetch(`${server.url}/api/properties`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ title: "Seaside Escape", propertyId }),
  });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${await created.text()}`);
  const { property } = (await created.json()) as { property: { qrUrl: string } };

  for (const query of ["", "?size=320"]) {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/properties/${propertyId}/qr.png${query}`, { headers: { cookie } });
    const png = Buffer.from(await res.arrayBuffer());
    const ms = performance.now() - started;
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
    const ok = res.status === 200 && decoded === property.qrUrl;
    failed ||= !ok;
    console.log(
      `GET qr.png${query || " (default)"}: ${png.length} bytes, ${info.width}×${info.height} px, ${ms.toFixed(0)} ms; decodes to ${decoded ?? "nothing"} — ${ok ? "matches" : `EXPECTED ${property.qrUrl}`}`,
    );
  }
} finally {
  await server.stop();
}
if (failed) process.exitCode = 1;
