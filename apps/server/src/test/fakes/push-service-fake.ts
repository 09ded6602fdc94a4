import http from "node:http";
import type { AddressInfo } from "node:net";

export interface PushDelivery {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service (the endpoint a browser's PushSubscription names) on 127.0.0.1: records each delivery with its
 * headers and encrypted body, and answers 201 — or 410 Gone for the paths in `gone`, as a real service does for a
 * subscription the browser dropped.
 */
export async function startFakePushService() {
  const deliveries: PushDelivery[] = [];
  const gone = new Set<string>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://push").pathname;
      deliveries.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(gone.has(path) ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deliveries,
    gone,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
