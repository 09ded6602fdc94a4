import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  ApiKeyListResponse,
  ApiKeyParams,
  ApiKeyResponse,
  CreateApiKeyRequest,
  CreateApiKeyResponse,
} from "@doorstep/shared/schemas/api-keys";
import type { AppContext } from "../../app-context.ts";
import { requireCaller } from "../../plugins/auth.ts";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-key.service.ts";

const tags = ["api-keys"];

/**
 * The account's API keys (decision 039), managed by its owner from a session: never open to keys themselves,
 * so a leaked key cannot make more keys or keep itself alive.
 */
export function registerApiKeyRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/api-keys",
    {
      config: { permission: "api-keys:manage" },
      schema: {
        tags,
        summary: "The account's API keys, newest first, revoked ones included",
        response: { 200: ApiKeyListResponse },
      },
    },
    async (request) => ({ items: await listApiKeys(ctx, requireCaller(request)) }),
  );

  app.post(
    "/api/api-keys",
    {
      config: { permission: "api-keys:manage" },
      schema: {
        tags,
        summary: "Creates a named key; the whole key is in this answer only (only its hash is stored)",
        body: CreateApiKeyRequest,
        response: { 201: CreateApiKeyResponse },
      },
    },
    async (request, reply) => {
      const created = await createApiKey(ctx, requireCaller(request), request.body);
      // The key is a secret: no cache or proxy may keep this answer.
      return reply.status(201).header("Cache-Control", "no-store").send(created);
    },
  );

  app.post(
    "/api/api-keys/:apiKeyId/revoke",
    {
      config: { permission: "api-keys:manage" },
      schema: {
        tags,
        summary: "Revokes a key: it stops working at once",
        params: ApiKeyParams,
        response: { 200: ApiKeyResponse },
      },
    },
    async (request) => ({ apiKey: await revokeApiKey(ctx, requireCaller(request), request.params.apiKeyId) }),
  );
}
