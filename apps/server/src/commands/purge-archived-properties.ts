import type { AppContext } from "../app-context.ts";
import { deleteGuideContent } from "../features/content/content-copy.service.ts";
import { claimArchivedProperties, deletePropertyFiles } from "../features/properties/property-purge.service.ts";
import { inTransaction } from "./transaction.ts";

/**
 * Job: purges archived properties (OPEN-39, FILE-08); returns how many. The claim and the content's deletion
 * are one transaction (a failure leaves them to the next run); the files go after it commits.
 */
export async function purgeArchivedProperties(ctx: AppContext, batch = 50): Promise<number> {
  const claimed = await inTransaction(ctx, async (tx) => {
    const properties = await claimArchivedProperties(tx, batch);
    await deleteGuideContent(
      tx,
      properties.map((p) => p.id),
    );
    return properties;
  });
  for (const property of claimed) await deletePropertyFiles(ctx, property);
  return claimed.length;
}
