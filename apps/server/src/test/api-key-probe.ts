import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@doorstep/shared/schemas/text";
import type { AppContext } from "../app-context.ts";
import { getOwnedProperty } from "../features/properties/property.service.ts";
import { requireAccountCaller } from "../plugins/auth.ts";

/**
 * Routes open to API keys for tests only, standing in for the stays API: a read scoped to the caller's account
 * and a write that counts its runs and can be held open, to prove Idempotency-Key and the opt-in.
 */
export interface KeyProbe {
  /** How many times the write's handler ran. */
  runs: number;
  /** While set, the write calls it and waits for its promise before answering (a request in flight). */
  hold: (() => Promise<void>) | null;
}

const Caller = z.object({ kind: z.enum(["user", "api-key"]), accountId: z.uuid() });

export function registerKeyProbe(parent: FastifyInstance, ctx: AppContext): KeyProbe {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const probe: KeyProbe = { runs: 0, hold: null };

  app.get(
    "/api/test/key-probe/properties/:propertyId",
    {
      config: { apiKeys: true, permission: "properties:read" },
      schema: {
        params: z.object({ propertyId: text() }),
        response: { 200: Caller.extend({ title: text() }) },
      },
    },
    async (request) => {
      const caller = requireAccountCaller(request);
      // The properties service scopes by the account alone; a key has no user or session of its own.
      const asCaller = { accountId: caller.accountId, userId: caller.userId ?? "", sessionId: "" };
      const property = await getOwnedProperty(ctx, asCaller, request.params.propertyId);
      return { kind: caller.kind, accountId: caller.accountId, title: property.title };
    },
  );

  app.post(
    "/api/test/key-probe/notes",
    {
      config: { apiKeys: true, permission: "properties:write" },
      schema: {
        body: z.object({ text: text().max(200) }),
        // A header of the route's own: the Idempotency-Key is documented beside it.
        headers: z.object({ "x-probe": text().optional() }),
        response: { 201: Caller.extend({ text: text(), run: z.number().int() }) },
      },
    },
    async (request, reply) => {
      const caller = requireAccountCaller(request);
      const run = ++probe.runs;
      if (probe.hold) await probe.hold();
      if (request.body.text === "crash") throw new Error("probe failure");
      return reply.status(201).send({ kind: caller.kind, accountId: caller.accountId, text: request.body.text, run });
    },
  );
  return probe;
}

/** Makes an API key for `owner` through the API, as the dashboard does; returns the whole key. */
export async function createKeyFor(app: FastifyInstance, owner: { cookie: string }, name = "Channel manager") {
  const res = await app.inject({
    method: "POST",
    url: "/api/api-keys",
    headers: { cookie: owner.cookie, origin: "http://localhost:3000" },
    payload: { name },
  });
  if (res.statusCode !== 201) throw new Error(`createKeyFor: ${res.statusCode} ${res.body}`);
  return res.json() as { key: string; apiKey: { id: string; prefix: string } };
}

/** The headers of a property-management system's request with `key`: no cookie, no Origin. */
export const bearer = (key: string, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${key}`,
  ...extra,
});
