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

/** The client's address exactly as Fastify's `request.ip` gives it, for TRUST_PROXY on or off. */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string | undefined {
  if (!trustProxy) return req.socket.remoteAddress;
  const addresses = proxyAddr.all(req, trustAll);
  return addresses[addresses.length - 1];
}
