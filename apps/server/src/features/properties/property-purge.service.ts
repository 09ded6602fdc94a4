import type { AppContext } from "../../app-context.ts";
import { deleteStoredFile } from "../../lib/uploads.ts";
import { claimArchivedForPurge, deletePropertyContent } from "./property.repository.ts";

/** Job: deletes the content and files of archived properties (OPEN-39, FILE-08); returns how many it purged. */
export async function purgeArchivedProperties(ctx: AppContext, batch = 50): Promise<number> {
  const claimed = await claimArchivedForPurge(ctx.db, batch);
  await deletePropertyContent(
    ctx.db,
    claimed.map((p) => p.id),
  );
  for (const property of claimed) {
    await deleteStoredFile(ctx, property.coverKey);
    await ctx.storage.deletePrefix(`accounts/${property.accountId}/properties/${property.id}/`);
  }
  return claimed.length;
}
