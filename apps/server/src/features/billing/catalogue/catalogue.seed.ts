import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { billingPlans } from "../../../db/schema/billing.ts";
import { allPlanSeeds } from "./catalogues.ts";

/**
 * Upserts every plan of the catalogue files into billing_plans (OPEN-02: plans are data). Idempotent and
 * safe on many instances at once; a provider price reference set by support (CLI) is kept.
 */
export async function seedPlanCatalogue(db: Db): Promise<number> {
  const rows = allPlanSeeds().map((p) => ({ ...p, pricing: p.pricing, renewalPricing: p.renewalPricing }));
  await db
    .insert(billingPlans)
    .values(rows)
    .onConflictDoUpdate({
      target: billingPlans.key,
      set: {
        catalogue: sql`excluded.catalogue`,
        name: sql`excluded.name`,
        unitLabel: sql`excluded.unit_label`,
        cycle: sql`excluded.cycle`,
        currency: sql`excluded.currency`,
        pricing: sql`excluded.pricing`,
        renewalPricing: sql`excluded.renewal_pricing`,
        saveMessage: sql`excluded.save_message`,
        specialOffer: sql`excluded.special_offer`,
        toBeConfirmed: sql`excluded.to_be_confirmed`,
        updatedAt: sql`now()`,
      },
    });
  return rows.length;
}
