import { z } from "zod";
import { text } from "./text.ts";

/** What every key starts with: `dsk_` names Doorstep's secret keys (secret scanners match it), `live_` the mode. */
export const API_KEY_PREFIX = "dsk_live_";
/** The characters of a key shown in lists: the fixed prefix and a few of the secret, enough to tell keys apart. */
export const API_KEY_VISIBLE_LENGTH = API_KEY_PREFIX.length + 8;
/** Active keys per account: enough for a system per channel, few enough to review at a glance. */
export const API_KEYS_MAX = 20;
export const API_KEY_NAME_MAX = 80;
/** Longest Idempotency-Key header taken (Stripe's limit too). */
export const IDEMPOTENCY_KEY_MAX = 255;

/** POST /api/api-keys. */
export const CreateApiKeyRequest = z.object({
  name: text().trim().min(1).max(API_KEY_NAME_MAX),
});
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequest>;

/** One key as the list shows it: never its secret. */
export const ApiKeyDto = z.object({
  id: z.uuid(),
  name: text(),
  /** The key's first characters, e.g. `dsk_live_Ab3dE9fQ`, shown with an ellipsis. */
  prefix: text(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});
export type ApiKeyDto = z.infer<typeof ApiKeyDto>;

/** GET /api/api-keys: the account's keys, newest first; revoked ones stay listed. Bounded by API_KEYS_MAX active. */
export const ApiKeyListResponse = z.object({ items: z.array(ApiKeyDto) });
export type ApiKeyListResponse = z.infer<typeof ApiKeyListResponse>;

/** POST /api/api-keys: the whole key, returned this once and never again. */
export const CreateApiKeyResponse = z.object({ apiKey: ApiKeyDto, key: text() });
export type CreateApiKeyResponse = z.infer<typeof CreateApiKeyResponse>;

export const ApiKeyParams = z.object({ apiKeyId: z.uuid() });
export type ApiKeyParams = z.infer<typeof ApiKeyParams>;

export const ApiKeyResponse = z.object({ apiKey: ApiKeyDto });
export type ApiKeyResponse = z.infer<typeof ApiKeyResponse>;
