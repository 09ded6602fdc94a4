import net from "node:net";

/**
 * A TCP proxy on 127.0.0.1 that can break the link to a backing service (PostgreSQL, Redis) the ways a network
 * and a failover do, for the fault tests and `bench/chaos.ts`:
 * - `reset()` ends every open connection, both sides (a failover, a restarted server, a NAT dropping state);
 * - `stall()` stops forwarding bytes and holds new connections unanswered (a partition: nothing fails, nothing
 *   arrives) until `resume()`;
 * - `drop()` ends every new connection as soon as it is accepted (a service that is down) until `resume()`.
 */
export interface FaultProxy {
  /** The port it listens on, on 127.0.0.1. */
  port: number;
  /** Connections open now (each one a client socket and its upstream socket). */
  readonly connections: number;
  /** Bytes clients have sent that a stall is holding back (a test knows its request is on the wire). */
  readonly waiting: number;
  reset(): void;
  stall(): void;
  drop(): void;
  resume(): void;
  close(): Promise<void>;
}

interface Link {
  client: net.Socket;
  upstream: net.Socket | undefined;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  const links = new Set<Link>();
  /** Accepted during a stall, connected upstream on resume. */
  const held: Link[] = [];
  let mode: "flowing" | "stalled" | "dropping" = "flowing";

  /** Ends both sides; `reset` sends an RST rather than a FIN, as a failover or a lost NAT entry looks. */
  const end = (link: Link, reset = false) => {
    links.delete(link);
    for (const socket of [link.client, link.upstream]) {
      if (!socket || socket.destroyed) continue;
      if (reset && !socket.connecting) socket.resetAndDestroy();
      else socket.destroy();
    }
  };

  const flow = (link: Link) => {
    link.client.pipe(link.upstream!);
    link.upstream!.pipe(link.client);
  };

  const connect = (link: Link) => {
    const upstream = net.connect(target.port, target.host);
    link.upstream = upstream;
    upstream.on("error", () => end(link));
    upstream.on("close", () => end(link));
    if (mode === "stalled") upstream.pause();
    else flow(link);
  };

  const server = net.createServer((client) => {
    const link: Link = { client, upstream: undefined };
    client.on("error", () => end(link));
    client.on("close", () => end(link));
    if (mode === "dropping") {
      client.resetAndDestroy();
      return;
    }
    links.add(link);
    if (mode === "stalled") {
      client.pause();
      held.push(link);
      return;
    }
    connect(link);
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });

  return {
    port: (server.address() as net.AddressInfo).port,
    get connections() {
      return links.size;
    },
    get waiting() {
      let bytes = 0;
      for (const { client } of links) bytes += client.readableLength;
      return bytes;
    },
    reset() {
      held.length = 0;
      for (const link of [...links]) end(link, true);
    },
    stall() {
      mode = "stalled";
      for (const { client, upstream } of links) {
        if (!upstream) continue;
        // Bytes already read stay buffered in the paused streams and are delivered on resume.
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    drop() {
      mode = "dropping";
    },
    resume() {
      const wasStalled = mode === "stalled";
      mode = "flowing";
      if (!wasStalled) return;
      for (const link of links) if (link.upstream) flow(link);
      for (const link of held.splice(0)) if (!link.client.destroyed) connect(link);
    },
    close() {
      for (const link of [...links]) end(link);
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
