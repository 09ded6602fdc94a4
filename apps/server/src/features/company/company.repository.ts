import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { companies } from "../../db/schema/company.ts";

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyPatch = Partial<
  Pick<
    CompanyRow,
    | "brandName"
    | "logoKey"
    | "iconKey"
    | "hexPrimary"
    | "hexSecondary"
    | "backgroundHex"
    | "fontHex"
    | "website"
    | "pms"
  >
>;

/** The account's company profile, if it has one (CO-06). */
export async function findCompanyByAccount(db: Db, accountId: string): Promise<CompanyRow | null> {
  const rows = await db.select().from(companies).where(eq(companies.accountId, accountId)).limit(1);
  return rows[0] ?? null;
}

/** Creates the account's company; null when it already has one (the unique account_id refused it, OPEN-49). */
export async function insertCompany(db: Db, accountId: string, brandName: string): Promise<CompanyRow | null> {
  const rows = await db.insert(companies).values({ accountId, brandName }).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

/** Updates the account's company; false when it has none. */
export async function updateCompany(db: Db, accountId: string, patch: CompanyPatch): Promise<boolean> {
  const rows = await db
    .update(companies)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(companies.accountId, accountId))
    .returning({ id: companies.id });
  return rows.length > 0;
}
