import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { accounts } from "../db/schema/accounts.ts";
import { companies, managers, properties } from "../db/schema/properties.ts";

export type GuidePropertyRow = typeof properties.$inferSelect;
export type GuideManagerRow = typeof managers.$inferSelect;
export type GuideCompanyRow = typeof companies.$inferSelect;
export type GuideAccountRow = Pick<
  typeof accounts.$inferSelect,
  "hasSubscription" | "trialEndsAt" | "subscriptionActiveUser"
>;

export interface GuideRecord {
  property: GuidePropertyRow;
  account: GuideAccountRow;
  manager: GuideManagerRow | null;
  company: GuideCompanyRow | null;
}

/**
 * Everything a guide page needs about a property, by its public weblink, in one query: the property,
 * its owner's live flags, its manager and the company brand. Archived properties are returned too, so
 * the caller decides (GUIDE-22); shared-content properties never have a guide.
 */
export async function findGuideRecord(db: Db, propertyId: string): Promise<GuideRecord | null> {
  const rows = await db
    .select({
      property: properties,
      account: {
        hasSubscription: accounts.hasSubscription,
        trialEndsAt: accounts.trialEndsAt,
        subscriptionActiveUser: accounts.subscriptionActiveUser,
      },
      manager: managers,
      company: companies,
    })
    .from(properties)
    .innerJoin(accounts, eq(accounts.id, properties.accountId))
    .leftJoin(managers, eq(managers.id, properties.managerId))
    .leftJoin(companies, eq(companies.accountId, properties.accountId))
    .where(eq(properties.propertyId, propertyId))
    .limit(1);
  const row = rows[0];
  if (!row || row.property.isShared) return null;
  return row;
}
