import { Redis } from "ioredis";
import type { Broadcast } from "./broadcast.ts";
import { createMemoryBroadcast } from "./memory.ts";
import { createRedisBroadcast } from "./redis.ts";

/** Redis pub/sub when the app has a Redis (REDIS_URL), else messages stay in this process. */
export function createBroadcast(
  redis: { url: string; client: Redis } | null,
  onError: (error: Error) => void,
): Broadcast {
  // No ready check on the listening connection: its INFO, sent after a queued SUBSCRIBE, is refused in subscriber mode.
  return redis
    ? createRedisBroadcast(redis.client, new Redis(redis.url, { enableReadyCheck: false }), onError)
    : createMemoryBroadcast();
}
