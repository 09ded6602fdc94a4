import http from "node:http";

/** An answer read over a real socket. */
export interface SocketAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Sends a request over a real socket and reads the whole answer: what the fast paths in the HTTP server's
 * listener see (decisions 025 and 028), which `app.inject` skips.
 */
export function sendOverSocket(
  url: string,
  options: { method?: string; headers?: Record<string, string | string[]>; body?: string } = {},
): Promise<SocketAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? "GET", headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

/** The headers that say something about an answer (not the connection or the clock), to compare two answers. */
export const meaningfulHeaders = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers).filter(([name]) => !["date", "connection", "keep-alive"].includes(name.toLowerCase())),
  );
