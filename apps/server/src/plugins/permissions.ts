import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import type { NotFoundSubject } from "@doorstep/shared/errors";
import { PERMISSIONS, roleAllows, type Permission } from "@doorstep/shared/rules/permissions";
import type { AppContext, Caller } from "../app-context.ts";
import { AppError, notFound } from "../lib/app-error.ts";
import { inPropertyScope, isPropertyLimited } from "../lib/property-scope.ts";
import { propertyRowOf } from "../features/properties/property.service.ts";
import { stayPropertyRowId } from "../features/stays/stays.service.ts";
import { conversationPropertyRowId, messageFilePropertyRowId } from "../features/messaging/messaging.service.ts";
import { feedPropertyRowId } from "../features/stay-feeds/stay-feeds.service.ts";
import { copyPropertyRowId } from "../features/property-copies/property-copy.service.ts";
import { placePropertyRowId } from "../features/local-area/local-places.service.ts";
import { orderPropertyRowId } from "../features/store/host-orders.service.ts";
import { scheduledMessagePropertyRowId } from "../features/scheduled-messages/scheduled-messages.service.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * What a signed-in caller's role must allow to use this route (decision 056; packages/shared
     * rules/permissions.ts). Every route declares one unless it is `public: true`: the app refuses to start
     * otherwise.
     */
    permission?: Permission;
  }
}

/**
 * The message for a route that declares no permission: what to add, and where to read which one. The app
 * refuses to start with it, so a new route cannot be reachable by every role by omission.
 */
export function missingPermissionMessage(method: string, url: string): string {
  return (
    `Route ${method} ${url} declares no permission. Add \`config: { permission: "<permission>" }\` to its ` +
    `options (beside \`apiKeys\` if it has it), or \`config: { public: true }\` if it needs no session. ` +
    `Permissions (packages/shared/src/rules/permissions.ts): ${PERMISSIONS.join(", ")}. ` +
    `Reads of property data take "properties:read", changes "properties:write" (docs/architecture.md §5, ` +
    `"Team roles"; decision 056). Then add the route to the role matrix in ` +
    `apps/server/src/test/authorization/route-permissions.ts (ROUTE_PERMISSIONS).`
  );
}

/** Runs as each route is added (onRoute): a route that is neither public nor declares a permission is refused. */
export function assertRouteDeclaresPermission(route: RouteOptions): void {
  const config = route.config as { public?: boolean; permission?: unknown } | undefined;
  if (config?.public === true) return;
  const method = [route.method].flat().join(",");
  if (config?.permission === undefined) throw new Error(missingPermissionMessage(method, route.url));
  if (!PERMISSIONS.includes(config.permission as Permission)) {
    throw new Error(`Route ${method} ${route.url} declares an unknown permission ${String(config.permission)}.`);
  }
}

/** Resolves an id of the path, query or body to the property row it belongs to (null: the account's own). */
type PropertyOf = (
  ctx: AppContext,
  accountId: string,
  value: string,
) => Promise<{ id: string | null; isShared?: boolean } | null>;

const rowOf = (find: (ctx: AppContext, accountId: string, value: string) => Promise<string | null>): PropertyOf => {
  return async (ctx, accountId, value) => {
    const id = await find(ctx, accountId, value);
    return id ? { id } : null;
  };
};

/**
 * The ids that lead to a property, by the name they carry in a path, query or body, with what a miss is called.
 * Ids not listed (profiles, managers, shared items, API keys) are the account's own, not one property's.
 */
const PROPERTY_OF: Record<string, { subject: NotFoundSubject; resolve: PropertyOf }> = {
  propertyId: { subject: "property", resolve: (ctx, accountId, v) => propertyRowOf(ctx, accountId, v) },
  stayId: { subject: "stay", resolve: rowOf(stayPropertyRowId) },
  conversationId: { subject: "conversation", resolve: rowOf(conversationPropertyRowId) },
  fileId: { subject: "file", resolve: rowOf(messageFilePropertyRowId) },
  feedId: { subject: "stay-feed", resolve: rowOf(feedPropertyRowId) },
  copyId: { subject: "property-copy", resolve: rowOf(copyPropertyRowId) },
  orderId: { subject: "order", resolve: rowOf(orderPropertyRowId) },
  messageId: { subject: "scheduled-message", resolve: rowOf(scheduledMessagePropertyRowId) },
  placeId: {
    subject: "place",
    resolve: async (ctx, accountId, v) => {
      const id = await placePropertyRowId(ctx, accountId, v);
      return id === undefined ? null : { id };
    },
  },
};

/** The property-bearing values a request names: path parameters, then `propertyId`/`propertyIds` in query and body. */
function namedIds(request: FastifyRequest): [string, string][] {
  const found: [string, string][] = [];
  const params = (request.params ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === "string" && PROPERTY_OF[name]) found.push([name, value]);
  }
  for (const source of [request.query, request.body]) {
    if (!source || typeof source !== "object") continue;
    const { propertyId, propertyIds } = source as { propertyId?: unknown; propertyIds?: unknown };
    if (typeof propertyId === "string" && propertyId) found.push(["propertyId", propertyId]);
    if (Array.isArray(propertyIds)) {
      for (const id of propertyIds) if (typeof id === "string") found.push(["propertyId", id]);
    }
  }
  return found;
}

/** 404 for any id outside a limited member's properties, exactly as for another account's id. */
async function assertInScope(ctx: AppContext, caller: Caller, request: FastifyRequest): Promise<void> {
  for (const [name, value] of namedIds(request)) {
    const { subject, resolve } = PROPERTY_OF[name]!;
    const property = await resolve(ctx, caller.accountId, value);
    // Unknown ids are left to the route, which answers its own 404.
    if (!property || property.id === null) continue;
    if (!inPropertyScope(caller, property.id, property.isShared)) throw notFound(subject);
  }
}

/**
 * The role check (decision 056): before validation, a signed-in caller whose role lacks the route's permission is
 * refused 403 ROLE_NOT_ALLOWED, whatever it sent; after validation and before the handler, a member limited to
 * chosen properties gets 404 for an id of any other property. API keys reach only the routes open to them
 * (decision 039) and act for the account.
 */
export function registerPermissions(app: FastifyInstance, ctx: AppContext): void {
  app.addHook("preValidation", async (request) => {
    const caller = request.caller;
    const permission = request.routeOptions.config?.permission;
    if (!caller || !permission) return;
    if (!roleAllows(caller.role ?? "owner", permission)) throw new AppError("ROLE_NOT_ALLOWED");
  });
  app.addHook("preHandler", async (request) => {
    const caller = request.caller;
    if (!caller || !request.routeOptions.config?.permission || !isPropertyLimited(caller)) return;
    await assertInScope(ctx, caller, request);
  });
}
