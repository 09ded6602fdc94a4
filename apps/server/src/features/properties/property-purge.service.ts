import type { AppContext } from "../../app-context.ts";
import { deleteStoredFile } from "../../lib/uploads.ts";
import { claimArchivedForPurge } from "./property.repository.ts";

/** An archived property claimed for its purge (OPEN-39): its row id, account and cover. */
export interface ClaimedProperty {
  id: string;
  accountId: string;
  coverKey: string | null;
}

/**
 * Claims up to `batch` archived properties not purged yet, marking them purged; the row stays, so the weblink
 * stays reserved (OPEN-37). Run in the transaction that deletes their content, so a failure purges nothing.
 */
export function claimArchivedProperties(ctx: AppContext, batch: number): Promise<ClaimedProperty[]> {
  return claimArchivedForPurge(ctx.db, batch);
}

/** Deletes a purged property's files (FILE-08): its cover and everything stored under its folder. */
export async function deletePropertyFiles(ctx: AppContext, property: ClaimedProperty): Promise<void> {
  await deleteStoredFile(ctx, property.coverKey);
  await ctx.storage.deletePrefix(`accounts/${property.accountId}/properties/${property.id}/`);
}
