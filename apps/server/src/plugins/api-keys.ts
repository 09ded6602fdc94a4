import type { FastifyInstance, RouteOptions } from "fastify";
import { z } from "zod";
import { IDEMPOTENCY_KEY_MAX } from "@doorstep/shared/schemas/api-keys";
import { text } from "@doorstep/shared/schemas/text";
import type { AppContext } from "../app-context.ts";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
  requestFingerprint,
} from "../features/api-keys/api-key-idempotency.service.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The Idempotency-Key claim this request holds while its handler runs (decision 039). */
    idempotencyClaim: string | null;
  }
}

/** The writes a key may repeat safely with an Idempotency-Key. */
const IDEMPOTENT_METHODS = new Set(["POST", "PATCH"]);

/** Documented on every write open to keys; checked by the hook below, which answers a coded error. */
const IdempotencyHeaders = z.looseObject({
  "idempotency-key": text()
    .optional()
    .describe(
      `Optional on writes with an API key: a repeat with the same value within 24 hours answers the first ` +
        `response without doing the work again; the same value with another request is 422. 1–${IDEMPOTENCY_KEY_MAX} visible ASCII characters.`,
    ),
});

/**
 * Routes open to API keys (config `apiKeys: true`) say so in the OpenAPI document: the bearer scheme beside
 * the session, and the Idempotency-Key header on their writes. Runs as each route is added.
 */
export function documentApiKeyRoute(route: RouteOptions): void {
  if (route.config?.apiKeys !== true) return;
  const methods = [route.method].flat();
  const writes = methods.some((m) => IDEMPOTENT_METHODS.has(m));
  const own = route.schema?.headers;
  // A route's own header schema keeps its fields (and every other header: the object stays loose).
  const headers =
    own instanceof z.ZodObject
      ? z.looseObject({ ...own.shape, ...IdempotencyHeaders.shape })
      : (own ?? IdempotencyHeaders);
  route.schema = {
    ...route.schema,
    security: [{ bearerAuth: [] }, { session: [] }],
    ...(writes ? { headers } : {}),
  };
}

/**
 * Idempotency-Key on the writes of API keys (decision 039): the key is claimed (a unique row) after the body is
 * validated and before the handler runs, so a concurrent duplicate finds the claim and is refused rather than
 * run twice; the response is stored as it is sent, and a repeat within 24 hours gets it back unchanged. A 5xx
 * gives the key back, so a retry after an outage does the work.
 */
export function registerIdempotency(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest("idempotencyClaim", null);
  app.addHook("preHandler", async (request, reply) => {
    if (!request.apiKey || !IDEMPOTENT_METHODS.has(request.method)) return;
    const header = request.headers["idempotency-key"];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header.join(",") : header;
    const fingerprint = requestFingerprint(request.method, request.url, request.body);
    const outcome = await claimIdempotencyKey(ctx, request.apiKey.accountId, key, fingerprint);
    if (outcome.kind === "run") {
      request.idempotencyClaim = outcome.claimId;
      return;
    }
    return reply
      .status(outcome.status)
      .header("content-type", "application/json; charset=utf-8")
      .header("idempotent-replayed", "true")
      .send(outcome.body);
  });
  app.addHook("onSend", async (request, reply, payload) => {
    const claimId = request.idempotencyClaim;
    if (!claimId) return payload;
    request.idempotencyClaim = null;
    try {
      if (reply.statusCode >= 500 || typeof payload !== "string") await releaseIdempotencyKey(ctx, claimId);
      else await completeIdempotencyKey(ctx, claimId, { status: reply.statusCode, body: payload });
    } catch (error) {
      // The answer still goes out; the claim, left open, may be taken over once it is stale.
      request.log.error({ err: error }, "idempotency record not completed");
    }
    return payload;
  });
}
