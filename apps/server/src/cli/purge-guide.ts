import { Redis } from "ioredis";
import { GUIDE_PURGE_CHANNEL } from "../lib/guide-purge.ts";
import { createBroadcast } from "../providers/broadcast/index.ts";

/**
 * From the operator CLI (a process of its own): asks every running server to drop its cached pages of one
 * guide, through Redis pub/sub as the servers do (scaled mode). Without Redis there is nothing to reach: the
 * embedded server is stopped while the CLI runs, and PostgreSQL-only instances see the change within their
 * caches' safety net (GUIDE_RENDER_CACHE_MS, 5 minutes; decision 059).
 */
export async function purgeGuideEverywhere(redisUrl: string, propertyId: string): Promise<void> {
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const broadcast = createBroadcast({ url: redisUrl, client }, (error) => console.error(error.message));
  try {
    await broadcast.publish(GUIDE_PURGE_CHANNEL, propertyId);
  } finally {
    await broadcast.close();
    await client.quit();
  }
}
