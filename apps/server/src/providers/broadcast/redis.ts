import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { createListeners, type Broadcast } from "./broadcast.ts";

const PREFIX = "doorstep:broadcast:";

/**
 * Redis pub/sub: this instance's listeners hear a message at once, the others through Redis. A subscribed
 * Redis connection can do nothing else, so listening uses a second connection; each message carries the
 * sender's id so the sender does not hear its own message twice.
 */
export function createRedisBroadcast(redis: Redis, subscriber: Redis, onError: (error: Error) => void): Broadcast {
  const instance = randomBytes(8).toString("hex");
  const listeners = createListeners();
  const channels = new Map<string, Promise<unknown>>();
  subscriber.on("message", (raw: string, payload: string) => {
    const separator = payload.indexOf("|");
    if (!raw.startsWith(PREFIX) || separator < 0 || payload.slice(0, separator) === instance) return;
    listeners.emit(raw.slice(PREFIX.length), payload.slice(separator + 1));
  });
  // ioredis reconnects and re-subscribes by itself; meanwhile other instances' caches expire on their own.
  subscriber.on("error", onError);
  return {
    kind: "redis",
    async publish(channel, message) {
      listeners.emit(channel, message);
      await redis.publish(PREFIX + channel, `${instance}|${message}`);
    },
    subscribe(channel, listener) {
      if (!channels.has(channel))
        channels.set(
          channel,
          subscriber.subscribe(PREFIX + channel).catch((error: unknown) => onError(error as Error)),
        );
      return listeners.add(channel, listener);
    },
    async ready() {
      await Promise.all(channels.values());
    },
    async close() {
      subscriber.disconnect();
    },
  };
}
