import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts, users } from "./users.ts";

/**
 * API keys: a property-management system calls the routes open to keys with one (decision 039). Only the
 * SHA-256 of the secret is stored; `prefix` is the key's first characters, shown so a host can tell keys apart.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    secretHash: text("secret_hash").notNull(),
    /** Who made it; kept (null) when that user is deleted, since the key belongs to the account. */
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per key, so a busy key is not a write per request. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("api_keys_secret_hash_unique").on(t.secretHash),
    index("api_keys_account_idx").on(t.accountId, t.createdAt),
  ],
);

/**
 * One row per Idempotency-Key a key sent on a write (decision 039): claimed before the handler runs, so a
 * concurrent duplicate finds the claim, then completed with the response a replay answers with. Deleted after
 * 24 hours by a job.
 */
export const apiIdempotency = pgTable(
  "api_idempotency",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    requestHash: text("request_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** Null while the first request runs. */
    completedAt: timestamp("completed_at", { withTimezone: true }),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
  },
  (t) => [
    uniqueIndex("api_idempotency_account_key_unique").on(t.accountId, t.idempotencyKey),
    index("api_idempotency_created_idx").on(t.createdAt),
  ],
);
