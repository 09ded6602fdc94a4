import type { IncomingMessage, ServerResponse } from "node:http";
import proxyAddr from "@fastify/proxy-addr";

/**
 * Answers a request before Fastify sees it, or returns false to let Fastify answer. Installed in the HTTP
 * server's request listener (app.ts): the guide's cached pages (decision 025) and the guide's reports
 * (decision 028). `served` counts the answers it wrote itself (tests and benchmarks read it).
 */
export interface FastPath {
  (req: IncomingMessage, res: ServerResponse): boolean;
  served: number;
}

const trustAll = () => true;

/**
 * The named request headers (lower-case names), read from `req.rawHeaders`; a header not sent is undefined.
 * Reading `req.headers` instead makes Node build an object of every header the request carries, lower-casing
 * each name: work that grows with a browser's dozen headers, for the two or three a fast path needs.
 * Null when one of the names is repeated, for the long way to treat as Node would (it joins them).
 */
export function rawHeaderValues<Name extends string>(
  req: IncomingMessage,
  names: readonly Name[],
): Partial<Record<Name, string>> | null {
  const found: Partial<Record<string, string>> = {};
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const sent = raw[i]!;
    for (const name of names) {
      if (sent.length !== name.length || sent.toLowerCase() !== name) continue;
      if (found[name] !== undefined) return null;
      found[name] = raw[i + 1]!;
      break;
    }
  }
  return found as Partial<Record<Name, string>>;
}

/** The client's address exactly as Fastify's `request.ip` gives it, for TRUST_PROXY on or off. */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string | undefined {
  if (!trustProxy) return req.socket.remoteAddress;
  const addresses = proxyAddr.all(req, trustAll);
  return addresses[addresses.length - 1];
}
