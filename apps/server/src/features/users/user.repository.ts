import { and, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedFor } from "../../db/prepared.ts";
import { accounts, signupAttributions, users } from "../../db/schema/users.ts";
import type { NewMasterUser, UserAccessJson } from "./user.service.ts";

export type UserRow = typeof users.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;
export type UserWithAccount = UserRow & { account: AccountRow };

/** A user with their account, by id. */
// Every dashboard request reads its user (GET /api/me above all): prepared once.
const userById = preparedFor((db) =>
  db
    .select()
    .from(users)
    .innerJoin(accounts, eq(users.accountId, accounts.id))
    .where(eq(users.id, sql.placeholder("id")))
    .limit(1)
    .prepare("user_by_id"),
);

export async function findUserById(db: Db, id: string): Promise<UserWithAccount | null> {
  const rows = await userById(db).execute({ id });
  const row = rows[0];
  return row ? { ...row.users, account: row.accounts } : null;
}

/** What a selection of scalar subqueries reads as. */
export type ExtrasOf<E extends Record<string, SQL>> = { [K in keyof E]: E[K] extends SQL<infer T> ? T : never };

const userByIdWithStatements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A user with their account and other features' scalar subqueries on the account (`extrasOf(accountId)`), by id,
 * in one prepared statement named `name` (one name per kind of extras: it is built once per database handle).
 */
export async function findUserByIdWith<E extends Record<string, SQL>>(
  db: Db,
  id: string,
  name: string,
  extrasOf: (accountId: SQLWrapper) => E,
): Promise<{ user: UserDtoSource; extras: ExtrasOf<E> } | null> {
  let statements = userByIdWithStatements.get(db);
  if (!statements) userByIdWithStatements.set(db, (statements = new Map()));
  let statement = statements.get(name) as ReturnType<typeof buildUserByIdWith<E>> | undefined;
  if (!statement) statements.set(name, (statement = buildUserByIdWith(db, name, extrasOf)));
  const rows = await statement.execute({ id });
  const row = rows[0];
  if (!row) return null;
  const { trialEndsAt, hasSubscription, cardOnFileFailed, extras, ...user } = row;
  return {
    user: { ...user, account: { trialEndsAt, hasSubscription, cardOnFileFailed } },
    extras: extras as ExtrasOf<E>,
  };
}

/** The columns the dashboard's view of a user reads (toUserDto), and no more: the hottest read stays small. */
export type UserDtoSource = Pick<
  UserRow,
  | "id"
  | "accountId"
  | "firstName"
  | "lastName"
  | "tel"
  | "email"
  | "photoKey"
  | "isMaster"
  | "memberRole"
  | "propertyScope"
  | "isAffiliate"
  | "messagingActive"
  | "referrerCode"
> & { account: Pick<AccountRow, "trialEndsAt" | "hasSubscription" | "cardOnFileFailed"> };

function buildUserByIdWith<E extends Record<string, SQL>>(
  db: Db,
  name: string,
  extrasOf: (accountId: SQLWrapper) => E,
) {
  return db
    .select({
      id: users.id,
      accountId: users.accountId,
      firstName: users.firstName,
      lastName: users.lastName,
      tel: users.tel,
      email: users.email,
      photoKey: users.photoKey,
      isMaster: users.isMaster,
      memberRole: users.memberRole,
      propertyScope: users.propertyScope,
      isAffiliate: users.isAffiliate,
      messagingActive: users.messagingActive,
      referrerCode: users.referrerCode,
      trialEndsAt: accounts.trialEndsAt,
      hasSubscription: accounts.hasSubscription,
      cardOnFileFailed: accounts.cardOnFileFailed,
      extras: extrasOf(users.accountId),
    })
    .from(users)
    .innerJoin(accounts, eq(users.accountId, accounts.id))
    .where(eq(users.id, sql.placeholder("id")))
    .limit(1)
    .prepare(name);
}

/** A user by canonical (lower-case) email. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return rows[0] ?? null;
}

export async function findUserIdByReferrerCode(db: Db, code: string): Promise<string | null> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.referrerCode, code)).limit(1);
  return rows[0]?.id ?? null;
}

/** Creates an account and its master user and attribution in one transaction; unique violations propagate. */
export async function insertMasterUser(db: Db, input: NewMasterUser): Promise<string> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({ trialEndsAt: input.trialEndsAt, couponCode: input.couponCode })
      .returning({ id: accounts.id });
    const [user] = await tx
      .insert(users)
      .values({
        accountId: account!.id,
        email: input.email,
        passwordHash: input.passwordHash,
        firstName: input.firstName,
        referrerCode: input.referrerCode,
        referredByUserId: input.referredByUserId,
        isMaster: true,
        isAffiliate: input.isAffiliate ?? false,
      })
      .returning({ id: users.id });
    await tx.insert(signupAttributions).values({ userId: user!.id, ...input.attribution });
    return user!.id;
  });
}

export type UserPatch = Partial<
  Pick<UserRow, "firstName" | "lastName" | "tel" | "photoKey" | "email" | "passwordHash" | "isMaster" | "isAffiliate">
>;

/** Updates the caller's own user row. */
export async function updateUser(db: Db, id: string, patch: UserPatch): Promise<void> {
  await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function findAttribution(db: Db, userId: string) {
  const rows = await db.select().from(signupAttributions).where(eq(signupAttributions.userId, userId)).limit(1);
  return rows[0] ?? null;
}

/** An account by id. */
export async function findAccountById(db: Db, id: string): Promise<AccountRow | null> {
  const rows = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The account's master user (the billing contact). */
export async function findMasterUserOfAccount(db: Db, accountId: string): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.isMaster, true)))
    .limit(1);
  return rows[0] ?? null;
}

/** Email addresses of users by id (users that are gone are missing). */
export async function findEmailsOfUsers(db: Db, ids: string[]): Promise<{ id: string; email: string }[]> {
  if (ids.length === 0) return [];
  return db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids));
}

export type AccountPatch = Partial<Omit<typeof accounts.$inferInsert, "id" | "createdAt" | "updatedAt">>;

/** Updates an account's row. */
export async function updateAccount(db: Db, id: string, patch: AccountPatch): Promise<void> {
  await db
    .update(accounts)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(accounts.id, id));
}

/** SQL for the account id of the user `userId` names (a column or a value), null when there is no such user. */
/**
 * What a session's user may reach (decision 056), as one JSON value read beside the session: the account, the
 * role (null for the master user, who owns it), the properties a member is limited to, and whether the account
 * was deleted (its sessions sign nobody in).
 */
export function accessOfUserSql(userId: SQLWrapper): SQL<UserAccessJson | null> {
  return sql<UserAccessJson | null>`(select json_build_object(
    'accountId', ${users.accountId}, 'isMaster', ${users.isMaster}, 'memberRole', ${users.memberRole},
    'propertyScope', ${users.propertyScope},
    'deleted', (select ${accounts.deletedAt} is not null from ${accounts} where ${accounts.id} = ${users.accountId})
  ) from ${users} where ${users.id} = ${userId})`;
}

export function accountIdOfUserSql(userId: SQLWrapper): SQL<string | null> {
  return sql<string | null>`(select ${users.accountId} from ${users} where ${users.id} = ${userId})`;
}

/** How many accounts a referrer's code brought: master users referred by them (REF-14). */
export async function countReferredMasters(db: Db, referrerUserId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.referredByUserId, referrerUserId), eq(users.isMaster, true)));
  return rows[0]?.n ?? 0;
}

/** A user with their account by canonical (lower-case) email. */
export async function findUserWithAccountByEmail(db: Db, email: string): Promise<UserWithAccount | null> {
  const rows = await db
    .select()
    .from(users)
    .innerJoin(accounts, eq(users.accountId, accounts.id))
    .where(eq(users.email, email))
    .limit(1);
  const row = rows[0];
  return row ? { ...row.users, account: row.accounts } : null;
}

/** A team member's row (decision 057): a user of an existing account, never its master. */
export async function insertMemberUser(
  db: Db,
  input: Pick<
    typeof users.$inferInsert,
    "accountId" | "email" | "passwordHash" | "firstName" | "lastName" | "referrerCode"
  > & {
    memberRole: "admin" | "editor" | "viewer";
    propertyScope: string[] | null;
  },
): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ ...input, isMaster: false, isAffiliate: false })
    .returning({ id: users.id });
  return user!.id;
}

/** Every user of an account, the master first, then by name. */
export function findUsersOfAccount(db: Db, accountId: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(eq(users.accountId, accountId))
    .orderBy(sql`${users.isMaster} desc`, users.firstName, users.id);
}

/** Sets a member's role and properties; false when the account has no such member (the master is not one). */
export async function updateMemberAccess(
  db: Db,
  accountId: string,
  userId: string,
  access: { memberRole: "admin" | "editor" | "viewer"; propertyScope: string[] | null },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...access, updatedAt: new Date() })
    .where(and(eq(users.accountId, accountId), eq(users.id, userId), eq(users.isMaster, false)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Deletes a member (never the master); their sessions and tokens go with them (cascade). */
export async function deleteMemberUser(db: Db, accountId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(users)
    .where(and(eq(users.accountId, accountId), eq(users.id, userId), eq(users.isMaster, false)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Hands the account to an admin (decision 057): the master becomes an admin, the admin the master, in one statement. */
export async function swapMaster(db: Db, accountId: string, fromUserId: string, toUserId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      isMaster: sql`${users.id} = ${toUserId}`,
      memberRole: sql`case when ${users.id} = ${toUserId} then null else 'admin' end`,
      propertyScope: null,
      updatedAt: new Date(),
    })
    .where(and(eq(users.accountId, accountId), inArray(users.id, [fromUserId, toUserId])))
    .returning({ id: users.id });
  return rows.length === 2;
}

/** Marks the account deleted (its guides offline: subscriptionActiveUser false), or restores it with null. */
export async function setAccountDeletedAt(db: Db, accountId: string, at: Date | null): Promise<void> {
  await db
    .update(accounts)
    .set({ deletedAt: at, subscriptionActiveUser: at === null, updatedAt: new Date() })
    .where(eq(accounts.id, accountId));
}

/** Accounts deleted before `before`, due to be erased. */
export async function findAccountsDeletedBefore(db: Db, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`${accounts.deletedAt} < ${before.toISOString()}::timestamptz`)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Erases an account: every row of its data goes with it (foreign keys cascade from accounts). */
export async function deleteAccountRow(db: Db, accountId: string): Promise<void> {
  await db.delete(accounts).where(eq(accounts.id, accountId));
}

/** Users whose email or name contains `term` (the operator's `find`). */
export function findUsersMatching(db: Db, term: string, limit: number) {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isMaster: users.isMaster,
      memberRole: users.memberRole,
      accountId: users.accountId,
      deletedAt: accounts.deletedAt,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(
      sql`${users.email} ilike ${pattern} or ${users.firstName} ilike ${pattern} or ${users.lastName} ilike ${pattern}`,
    )
    .orderBy(users.email)
    .limit(limit);
}
