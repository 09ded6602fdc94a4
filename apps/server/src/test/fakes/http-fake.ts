import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A JSON answer, or raw bytes with headers (an image, a redirect's Location). */
export type FakeResponse =
  { status?: number; json: unknown } | { status?: number; headers?: Record<string, string>; body?: Buffer | string };

export type FakeHandler = (req: FakeRequest) => FakeResponse;

/** A tiny HTTP server standing in for an outside service's API on 127.0.0.1, so providers are tested over real HTTP offline. */
export async function startFakeHttp(
  handler: FakeHandler,
  /** A fixed port (a fake the e2e app server is pointed at); any free one by default. */
  port = 0,
): Promise<{ url: string; requests: FakeRequest[]; close(): Promise<void> }> {
  const requests: FakeRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const request = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      };
      requests.push(request);
      const out = handler(request);
      if ("json" in out) {
        res.writeHead(out.status ?? 200, { "content-type": "application/json" });
        res.end(JSON.stringify(out.json));
      } else {
        res.writeHead(out.status ?? 200, out.headers ?? {});
        res.end(out.body ?? "");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${bound}`, requests, close: () => new Promise((r) => server.close(() => r())) };
}
