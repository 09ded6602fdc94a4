import type { ServerResponse } from "node:http";
import type { MessageDto } from "@doorstep/shared/schemas/messaging";
import type { AppContext } from "../../app-context.ts";
import { countUnread } from "./messaging.repository.ts";

/**
 * Live messaging events (MSG-15/16, IMPL-28): server-sent events to the signed-in host's
 * dashboards and to the guest's open messages page. Every instance hears every event on one broadcast channel
 * (Redis pub/sub when REDIS_URL is set, so a message received by instance A reaches a dashboard on instance B)
 * and writes it to the streams it holds for that account or guest. Delivery is at most once, which is why a
 * stream starts (and restarts) with the current unread count and clients reload their lists on connect.
 */
export const MESSAGE_EVENTS_CHANNEL = "message-events";
/** A comment line this often keeps proxies from closing an idle stream; the session is checked again then. */
export const HEARTBEAT_MS = 20_000;
/** Streams one session (or one guest) may hold; the oldest is closed for a new one. */
export const MAX_STREAMS_PER_OWNER = 5;
/** How long a stream waits for this instance's Redis subscription before it opens anyway. */
const SUBSCRIBE_WAIT_MS = 2_000;

export type MessageEvent =
  | {
      type: "inbound";
      accountId: string;
      conversationId: string;
      /** The conversation's property row (a limited member's stream hears only theirs, decision 056). */
      propertyId?: string;
      unreadCount: number;
    }
  | { type: "read"; accountId: string; unreadCount: number }
  | {
      type: "outbound";
      accountId: string;
      conversationId: string;
      propertyId?: string;
      /** The guest's side: their page on this guide hears the reply. */
      guestKey: string;
      message: MessageDto;
    }
  /** The guest store (decision 053): a new request for the host, announced like a message. */
  | {
      type: "order-request";
      accountId: string;
      orderId: string;
      title: string;
      /** The order's property row: a limited member's stream hears only theirs (decision 056). */
      propertyId?: string;
      /** The account's pending requests. */
      pendingCount: number;
      /** The same per property row, so a limited member's badge counts only theirs. */
      pendingByProperty?: Record<string, number>;
    };

export interface EventStream {
  /** Who may hear what: the host's account, or one guest on one guide. */
  owner:
    | {
        kind: "host";
        accountId: string;
        sessionId: string;
        /** A member limited to chosen properties (decision 056): only their conversations' events. */
        propertyScope?: readonly string[] | null;
      }
    | { kind: "guest"; guestKey: string };
  raw: ServerResponse;
  nextId: number;
  heartbeat: NodeJS.Timeout;
}

/** The guest's key: one guest (EndUserId) on one guide (the property's row id). */
export const guestKeyOf = (propertyRowId: string, endUserId: string) => `${propertyRowId}:${endUserId}`;

interface Hub {
  streams: Set<EventStream>;
  unsubscribe: () => void;
}
const hubs = new WeakMap<AppContext, Hub>();

function write(stream: EventStream, event: string, data: unknown): void {
  stream.nextId += 1;
  stream.raw.write(`id: ${stream.nextId}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

function deliver(ctx: AppContext, hub: Hub, event: MessageEvent): void {
  for (const stream of hub.streams) {
    const owner = stream.owner;
    if (owner.kind === "host" && owner.propertyScope && owner.accountId === event.accountId) {
      deliverScoped(ctx, stream, owner.propertyScope, event);
      continue;
    }
    if (event.type === "order-request") {
      if (owner.kind === "host" && owner.accountId === event.accountId)
        write(stream, "new-order", { orderId: event.orderId, title: event.title, pendingCount: event.pendingCount });
    } else if (owner.kind === "host" && owner.accountId === event.accountId) {
      if (event.type !== "read") write(stream, "new-message", { conversationId: event.conversationId });
      if (event.type !== "outbound") write(stream, "unread-count", { unreadMessageCount: event.unreadCount });
    } else if (owner.kind === "guest" && event.type === "outbound" && owner.guestKey === event.guestKey) {
      write(stream, "new-message", event.message);
    }
  }
}

/**
 * A limited member's stream (decision 056): messages and store requests of their properties only, the unread
 * count recounted over those and the pending requests summed over them (the events' counts are the account's).
 */
function deliverScoped(ctx: AppContext, stream: EventStream, scope: readonly string[], event: MessageEvent): void {
  if (event.type === "order-request") {
    if (!event.propertyId || !scope.includes(event.propertyId)) return;
    const pendingCount = scope.reduce((sum, id) => sum + (event.pendingByProperty?.[id] ?? 0), 0);
    write(stream, "new-order", { orderId: event.orderId, title: event.title, pendingCount });
    return;
  }
  if (event.type !== "read") {
    if (!event.propertyId || !scope.includes(event.propertyId)) return;
    write(stream, "new-message", { conversationId: event.conversationId });
  }
  if (event.type === "outbound") return;
  void countUnread(ctx.db, event.accountId, scope).then(
    (unreadMessageCount) => stream.raw.writableEnded || write(stream, "unread-count", { unreadMessageCount }),
    (err: unknown) => ctx.log.warn({ err }, "a member's unread count could not be sent"),
  );
}

function hubOf(ctx: AppContext): Hub {
  let hub = hubs.get(ctx);
  if (!hub) {
    const streams = new Set<EventStream>();
    const made: Hub = { streams, unsubscribe: () => undefined };
    made.unsubscribe = ctx.broadcast.subscribe(MESSAGE_EVENTS_CHANNEL, (raw) => {
      try {
        deliver(ctx, made, JSON.parse(raw) as MessageEvent);
      } catch (err) {
        ctx.log.warn({ err }, "a messaging event could not be delivered");
      }
    });
    hub = made;
    hubs.set(ctx, hub);
  }
  return hub;
}

/**
 * Resolves once this instance hears every instance's messaging events (with Redis, once its subscription is
 * live). A stream route awaits it before it reads the state it starts from, so nothing published after that
 * read is missed, and a client that has the stream's first bytes hears everything from then on.
 */
export async function listenForMessageEvents(ctx: AppContext): Promise<void> {
  hubOf(ctx);
  // Redis down at the first stream: the stream opens after a moment anyway, with this instance's events only
  // until ioredis has subscribed (it keeps trying by itself).
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    ctx.broadcast.ready(),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, SUBSCRIBE_WAIT_MS))),
  ]).finally(() => clearTimeout(timer));
}

/** Tells every instance; never fails the message that caused it (events are a convenience, the data is stored). */
export async function publishMessageEvent(ctx: AppContext, event: MessageEvent): Promise<void> {
  hubOf(ctx);
  await ctx.broadcast.publish(MESSAGE_EVENTS_CHANNEL, JSON.stringify(event)).catch((err: unknown) => {
    ctx.log.warn({ err }, "a messaging event could not be published");
  });
}

const sameOwner = (a: EventStream["owner"], b: EventStream["owner"]) =>
  a.kind === "host" && b.kind === "host"
    ? a.sessionId === b.sessionId
    : a.kind === "guest" && b.kind === "guest" && a.guestKey === b.guestKey;

/**
 * Opens a stream on a hijacked response: the SSE headers, a retry hint, then `first` (the state now). Every
 * HEARTBEAT_MS a comment goes out and `stillAllowed` is asked (a revoked session closes the stream).
 */
export function openEventStream(
  ctx: AppContext,
  raw: ServerResponse,
  owner: EventStream["owner"],
  first: { event: string; data: unknown } | null,
  stillAllowed: () => Promise<boolean>,
  headers: Record<string, string>,
): EventStream {
  const hub = hubOf(ctx);
  const mine = [...hub.streams].filter((s) => sameOwner(s.owner, owner));
  for (const old of mine.slice(0, Math.max(0, mine.length - MAX_STREAMS_PER_OWNER + 1))) closeStream(ctx, old);

  raw.writeHead(200, {
    ...headers,
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-store",
    Connection: "keep-alive",
    // nginx and similar proxies would otherwise hold the events back in a buffer.
    "X-Accel-Buffering": "no",
  });
  raw.write(`retry: 5000\n\n`);
  const stream: EventStream = {
    owner,
    raw,
    nextId: 0,
    heartbeat: setInterval(() => {
      raw.write(`: keep-alive\n\n`);
      void stillAllowed().then(
        (ok) => ok || closeStream(ctx, stream),
        () => undefined,
      );
    }, HEARTBEAT_MS),
  };
  stream.heartbeat.unref();
  hub.streams.add(stream);
  raw.on("close", () => closeStream(ctx, stream));
  if (first) write(stream, first.event, first.data);
  return stream;
}

export function closeStream(ctx: AppContext, stream: EventStream): void {
  clearInterval(stream.heartbeat);
  hubs.get(ctx)?.streams.delete(stream);
  if (!stream.raw.writableEnded) stream.raw.end();
}

/** How many streams this instance holds (the memory figure of the closing note). */
export function countEventStreams(ctx: AppContext): number {
  return hubs.get(ctx)?.streams.size ?? 0;
}

/** Closes every stream (shutdown), so a graceful stop does not wait on them. */
export function closeAllEventStreams(ctx: AppContext): void {
  const hub = hubs.get(ctx);
  if (!hub) return;
  for (const stream of [...hub.streams]) closeStream(ctx, stream);
  hub.unsubscribe();
  hubs.delete(ctx);
}
