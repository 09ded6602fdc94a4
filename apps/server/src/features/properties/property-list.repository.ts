import { and, count, desc, eq, ilike, inArray, lt, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedFor } from "../../db/prepared.ts";
import { properties } from "../../db/schema/properties.ts";
import { accounts } from "../../db/schema/users.ts";
import { accountIdParam, flagColumns, listedBy, type ListedAccount, type PropertyRow } from "./property.repository.ts";

// The dashboard's property list (HOME-08…10, PROP-04/05, "select all"): its first page is one
// prepared statement carrying the account's flags and kept total (decision 027, docs/architecture.md §9).

export interface ListCursor {
  updatedAt: string;
  id: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What a list row needs (toPropertySummary): not the whole, wide property row. */
const listColumns = {
  id: properties.id,
  propertyId: properties.propertyId,
  title: properties.title,
  coverKey: properties.coverKey,
  displayAddress: properties.displayAddress,
  formattedAddress: properties.formattedAddress,
  active: properties.active,
  published: properties.published,
  inboundMessagingActive: properties.inboundMessagingActive,
  updatedAt: properties.updatedAt,
};
export type PropertyListRow = Pick<PropertyRow, keyof typeof listColumns>;

/** A list row as the page's JSON carries it: the timestamp as text. */
type PropertyListJson = Omit<PropertyListRow, "updatedAt"> & { updatedAt: string };

/**
 * A page of properties as one JSON value, in list order: its rows travel in one field that the driver parses
 * natively, not as 24 rows of ten fields each decoded and mapped in JavaScript (a tenth of the list's server
 * time before, docs/architecture.md §9). Keys are listColumns' names.
 */
const pageJson = (where: SQL | undefined, limit: number | Placeholder | SQL) => sql<PropertyListJson[]>`(
  select coalesce(json_agg(page order by page."updatedAt" desc, page.id desc), '[]'::json) from (
    select ${sql.join(
      Object.entries(listColumns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
      sql`, `,
    )}
    from ${properties} where ${where}
    order by ${properties.updatedAt} desc, ${properties.id} desc
    limit ${limit}
  ) page
)`;
/** The account's flags and kept total (decision 027) with one page of its properties: one statement, one row. */
const pageOf = (db: Db, accountId: string | Placeholder, where: SQL | undefined, limit: number | Placeholder | SQL) =>
  db
    .select({ ...flagColumns, listedProperties: accounts.listedProperties, page: pageJson(where, limit) })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
// The page size is written into the statement, one statement per size (the dashboard asks for one; at most
// 101): PostgreSQL plans a LIMIT parameter as 10 % of the rows, so a generic plan always looked dearer than a
// custom one and the list was planned again on every request (decision 062).
const buildFirstPage = (db: Db, limit: number) =>
  pageOf(db, accountIdParam, listedBy(accountIdParam), sql.raw(String(limit))).prepare(`property_first_page_${limit}`);
const firstPages = preparedFor(() => new Map<number, ReturnType<typeof buildFirstPage>>());
function firstPage(db: Db, limit: number) {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`page size ${limit}`);
  const statements = firstPages(db);
  let statement = statements.get(limit);
  if (!statement) statements.set(limit, (statement = buildFirstPage(db, limit)));
  return statement;
}

/**
 * One page of the account's non-archived, non-shared properties, most recently modified first
 * (HOME-21), optionally filtered by title or address (PROP-04), with the account's flags and how many
 * properties it lists; null for an account that does not exist.
 */
export async function listProperties(
  db: Db,
  accountId: string,
  options: { search?: string; cursor?: ListCursor; limit: number; scope?: readonly string[] | null },
): Promise<{ rows: PropertyListRow[]; account: ListedAccount } | null> {
  let found;
  if (!options.search && !options.cursor && !options.scope) {
    // The first page, unfiltered: what the dashboard opens on.
    found = await firstPage(db, options.limit).execute({ accountId });
  } else {
    const conditions: (SQL | undefined)[] = [matching(accountId, options.search, options.scope)];
    if (options.cursor) {
      const at = new Date(options.cursor.updatedAt);
      conditions.push(
        or(lt(properties.updatedAt, at), and(eq(properties.updatedAt, at), lt(properties.id, options.cursor.id))),
      );
    }
    found = await pageOf(db, accountId, and(...conditions), options.limit);
  }
  const row = found[0];
  if (!row) return null;
  const { page, ...account } = row;
  return { rows: page.map((r) => ({ ...r, updatedAt: new Date(r.updatedAt) })), account };
}

/**
 * The caller's listed properties whose title or address contains `search` (PROP-04), within a member's
 * property scope when it has one (decision 056).
 */
function matching(accountId: string, search: string | undefined, scope?: readonly string[] | null): SQL | undefined {
  const listed = scope ? and(listedBy(accountId), inArray(properties.id, [...scope])) : listedBy(accountId);
  if (!search) return listed;
  const pattern = `%${escapeLike(search)}%`;
  return and(
    listed,
    or(
      ilike(properties.title, pattern),
      ilike(properties.formattedAddress, pattern),
      ilike(properties.displayAddress, pattern),
    ),
  );
}

/** The weblinks of every listed property matching `search`, in list order, at most `limit`, with how many match. */
export async function listPropertyIds(
  db: Db,
  accountId: string,
  search: string | undefined,
  limit: number,
  scope?: readonly string[] | null,
): Promise<{ ids: string[]; total: number }> {
  const rows = await db
    .select({
      propertyId: properties.propertyId,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(properties)
    .where(matching(accountId, search, scope))
    .orderBy(desc(properties.updatedAt), desc(properties.id))
    .limit(limit);
  return { ids: rows.map((r) => r.propertyId), total: rows[0]?.total ?? 0 };
}

/** How many listed properties a member limited to `scope` sees (the list's total, decision 056). */
export async function countScopedProperties(db: Db, accountId: string, scope: readonly string[]): Promise<number> {
  if (scope.length === 0) return 0;
  const rows = await db
    .select({ n: count() })
    .from(properties)
    .where(matching(accountId, undefined, scope));
  return rows[0]?.n ?? 0;
}
