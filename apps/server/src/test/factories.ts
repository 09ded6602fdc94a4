import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { SESSION_COOKIE } from "@doorstep/shared/constants";
import type { AppContext } from "../app-context.ts";
import { companies } from "../db/schema/company.ts";
import { managers } from "../db/schema/managers.ts";
import { accounts, users } from "../db/schema/users.ts";
import { hashPassword } from "../features/auth/passwords.ts";
import { createSession } from "../features/auth/session.service.ts";
import { newVanityId } from "../features/managers/manager.service.ts";
import { insertMasterUser } from "../features/users/user.repository.ts";
import { newReferralCode } from "../lib/tokens.ts";

export const TEST_PASSWORD = "correct-horse-battery";
let passwordHash: Promise<string> | undefined;

export function uniqueEmail(prefix = "host"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.com`;
}

export interface TestUser {
  id: string;
  accountId: string;
  email: string;
  password: string;
  /** A Cookie header value that signs this user in. */
  cookie: string;
  /** The raw session token, for Authorization: Bearer. */
  token: string;
}

export interface BuildUserOptions {
  email?: string;
  firstName?: string;
  trialEndsAt?: Date;
  isAffiliate?: boolean;
  isMaster?: boolean;
}

/** Creates an account with its master user straight in the database, and a session for it. */
export async function buildUser(ctx: AppContext, options: BuildUserOptions = {}): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const email = options.email ?? uniqueEmail();
  const id = await insertMasterUser(ctx.db, {
    email,
    passwordHash: await passwordHash,
    firstName: options.firstName ?? "Alex",
    referrerCode: newReferralCode(),
    referredByUserId: null,
    trialEndsAt: options.trialEndsAt ?? new Date(ctx.now().getTime() + 14 * 86_400_000),
    couponCode: null,
    attribution: {},
  });
  if (options.isAffiliate !== undefined || options.isMaster !== undefined) {
    await ctx.db
      .update(users)
      .set({ isAffiliate: options.isAffiliate ?? false, isMaster: options.isMaster ?? true })
      .where(eq(users.id, id));
  }
  const [row] = await ctx.db.select({ accountId: users.accountId }).from(users).where(eq(users.id, id));
  const token = await createSession(ctx, id, { ip: "127.0.0.1", userAgent: "vitest", clientVersion: null });
  return { id, accountId: row!.accountId, email, password: TEST_PASSWORD, cookie: `${SESSION_COOKIE}=${token}`, token };
}

/**
 * A team member of `owner`'s account (decision 056) with a session: `propertyRowIds` limits an editor or viewer
 * to those properties (their `properties.id`), null for every property.
 */
export async function buildMember(
  ctx: AppContext,
  owner: Pick<TestUser, "accountId">,
  role: "admin" | "editor" | "viewer",
  propertyRowIds: string[] | null = null,
  firstName = "Sam",
): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const email = uniqueEmail(role);
  const [user] = await ctx.db
    .insert(users)
    .values({
      accountId: owner.accountId,
      email,
      passwordHash: await passwordHash,
      firstName,
      lastName: "Member",
      referrerCode: newReferralCode(),
      isMaster: false,
      memberRole: role,
      propertyScope: propertyRowIds,
    })
    .returning({ id: users.id });
  const token = await createSession(ctx, user!.id, { ip: "127.0.0.1", userAgent: "vitest", clientVersion: null });
  return {
    id: user!.id,
    accountId: owner.accountId,
    email,
    password: TEST_PASSWORD,
    cookie: `${SESSION_COOKIE}=${token}`,
    token,
  };
}

/** Sets account billing flags directly (banner and trial states). */
export async function setAccountState(
  ctx: AppContext,
  accountId: string,
  state: Partial<typeof accounts.$inferInsert>,
): Promise<void> {
  await ctx.db.update(accounts).set(state).where(eq(accounts.id, accountId));
}

/** A small real PNG (and other images) made with sharp, for upload tests. */
export async function makePng(width = 40, height = 30): Promise<Buffer> {
  const sharp = (await import("sharp")).default;
  return sharp({ create: { width, height, channels: 3, background: { r: 15, g: 118, b: 110 } } })
    .png()
    .toBuffer();
}

/** A multipart/form-data body with the given text fields (first, as a browser sends a form) and files, for app.inject. */
export function multipart(
  files: { field: string; filename: string; contentType: string; body: Buffer }[],
  fields: Record<string, string> = {},
): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----doorstep${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      ),
    );
    parts.push(f.body, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** Creates a property through the API as `user` (so defaults and the default manager are real). */
/**
 * Creates a property through the API and publishes it, as a host does before sharing the guide (decision 020:
 * a new property is a draft). `{ draft: true }` leaves it unpublished.
 */
export async function buildProperty(
  app: FastifyInstance,
  user: TestUser,
  overrides: { title?: string; propertyId?: string; draft?: boolean } = {},
): Promise<{ propertyId: string; title: string }> {
  const propertyId = overrides.propertyId ?? `home-${randomBytes(4).toString("hex")}`;
  const title = overrides.title ?? "Seaside Escape";
  const res = await app.inject({
    method: "POST",
    url: "/api/properties",
    headers: { cookie: user.cookie },
    payload: { title, propertyId },
  });
  if (res.statusCode !== 201) throw new Error(`buildProperty: ${res.statusCode} ${res.body}`);
  if (!overrides.draft) await publishProperty(app, user, propertyId);
  return { propertyId, title };
}

/** Publishes a property through the API (PROP-19's "Publish"). */
export async function publishProperty(app: FastifyInstance, user: TestUser, propertyId: string): Promise<void> {
  const res = await app.inject({
    method: "PATCH",
    url: `/api/properties/${propertyId}`,
    headers: { cookie: user.cookie },
    payload: { published: true },
  });
  if (res.statusCode >= 300) throw new Error(`publishProperty: ${res.statusCode} ${res.body}`);
}

/** Creates a (non-default unless asked) manager for `owner`'s account straight in the database. */
export async function buildManager(
  ctx: AppContext,
  owner: Pick<TestUser, "accountId">,
  overrides: { firstName?: string; lastName?: string; isDefault?: boolean } = {},
): Promise<{ id: string; vanityId: string }> {
  const [row] = await ctx.db
    .insert(managers)
    .values({
      accountId: owner.accountId,
      vanityId: newVanityId(),
      firstName: overrides.firstName ?? "Morgan",
      lastName: overrides.lastName ?? "Reyes",
      isDefault: overrides.isDefault ?? false,
    })
    .returning({ id: managers.id, vanityId: managers.vanityId });
  return row!;
}

/** Creates the company profile of `owner`'s account straight in the database. */
export async function buildCompany(
  ctx: AppContext,
  owner: Pick<TestUser, "accountId">,
  brandName = "Harbour Stays",
): Promise<{ id: string }> {
  const [row] = await ctx.db
    .insert(companies)
    .values({ accountId: owner.accountId, brandName })
    .returning({ id: companies.id });
  return row!;
}
