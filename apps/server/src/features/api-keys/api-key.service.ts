import { randomBytes } from "node:crypto";
import { roleAllows } from "@doorstep/shared/rules/permissions";
import {
  API_KEY_PREFIX,
  API_KEY_VISIBLE_LENGTH,
  API_KEYS_MAX,
  type ApiKeyDto,
  type CreateApiKeyRequest,
} from "@doorstep/shared/schemas/api-keys";
import type { ApiKeyCaller, AppContext, Caller } from "../../app-context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { hashToken } from "../../lib/tokens.ts";
import { getUser, roleOfUser } from "../users/user.service.ts";
import {
  findApiKeyByHash,
  findApiKeysOfAccount,
  insertApiKeyWithin,
  markApiKeyRevoked,
  touchApiKey,
  type ApiKeyRow,
} from "./api-key.repository.ts";

/** last_used_at is written at most this often per key: a minute's precision is plenty, a write per call is not. */
const TOUCH_INTERVAL_MS = 60_000;
/** Revoked keys stay listed; the list is bounded by the active limit plus this many revoked ones. */
const LISTED_KEYS_MAX = API_KEYS_MAX + 80;
// `dsk_live_` and 32 random bytes in base64url (43 characters).
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

/** Whether an Authorization header carries an API key rather than a session token. */
export function isApiKeyHeader(authorization: string | undefined): boolean {
  return authorization !== undefined && authorization.startsWith(`Bearer ${API_KEY_PREFIX}`);
}

function toDto(row: ApiKeyRow): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * Keys are the account's to give away: the owner and its admins manage them (the route's `api-keys:manage`,
 * decision 056); an operator-made user without a role counts as an admin.
 */
async function requireKeyManager(ctx: AppContext, caller: Caller): Promise<void> {
  const user = await getUser(ctx, caller.userId);
  if (user.accountId !== caller.accountId) throw notFound();
  if (!roleAllows(roleOfUser(user), "api-keys:manage")) throw new AppError("API_KEYS_OWNER_ONLY");
}

/** The account's keys, newest first, revoked ones included (never their secrets). */
export async function listApiKeys(ctx: AppContext, caller: Caller): Promise<ApiKeyDto[]> {
  await requireKeyManager(ctx, caller);
  return (await findApiKeysOfAccount(ctx.db, caller.accountId, LISTED_KEYS_MAX)).map(toDto);
}

/** Makes a key; the whole key is in the answer this once, and only its SHA-256 is kept. */
export async function createApiKey(
  ctx: AppContext,
  caller: Caller,
  input: CreateApiKeyRequest,
): Promise<{ apiKey: ApiKeyDto; key: string }> {
  await requireKeyManager(ctx, caller);
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const row = await insertApiKeyWithin(
    ctx.db,
    {
      accountId: caller.accountId,
      name: input.name,
      prefix: key.slice(0, API_KEY_VISIBLE_LENGTH),
      // A fast hash is right here, unlike for passwords: the secret is 256 random bits, so no guess can be
      // checked against a leaked hash faster than brute force of 2^256, and a fast hash keeps each call cheap.
      secretHash: hashToken(key),
      createdByUserId: caller.userId,
      createdAt: ctx.now(),
    },
    API_KEYS_MAX,
  );
  if (!row) throw new AppError("API_KEY_LIMIT", { max: API_KEYS_MAX });
  return { apiKey: toDto(row), key };
}

/** Revokes one of the account's keys at once, on every instance (keys are read from the database per call). */
export async function revokeApiKey(ctx: AppContext, caller: Caller, apiKeyId: string): Promise<ApiKeyDto> {
  await requireKeyManager(ctx, caller);
  const row = await markApiKeyRevoked(ctx.db, caller.accountId, apiKeyId, ctx.now());
  if (!row) throw notFound();
  return toDto(row);
}

/**
 * The caller behind an API key, or null when the key is malformed, unknown or revoked. Notes its use at most
 * once a minute.
 */
export async function resolveApiKey(ctx: AppContext, key: string): Promise<ApiKeyCaller | null> {
  if (!KEY_PATTERN.test(key)) return null;
  const row = await findApiKeyByHash(ctx.db, hashToken(key));
  if (!row || row.revokedAt) return null;
  const now = ctx.now();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
    await touchApiKey(ctx.db, row.id, now, new Date(now.getTime() - TOUCH_INTERVAL_MS + 1));
  }
  return { accountId: row.accountId, apiKeyId: row.id };
}
