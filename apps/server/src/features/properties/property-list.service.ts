import { PROPERTIES_PAGE_SIZE } from "@doorstep/shared/constants";
import { MAX_BULK_PROPERTIES } from "@doorstep/shared/rules/bulk-updates";
import type {
  PropertyIdsQuery,
  PropertyIdsResponse,
  PropertyListQuery,
  PropertyListResponse,
} from "@doorstep/shared/schemas/property";
import type { AppContext, Caller } from "../../app-context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { toPropertySummary } from "./property.dto.ts";
import { countScopedProperties, listProperties, listPropertyIds, type ListCursor } from "./property-list.repository.ts";

// The property list (HOME-08…10, PROP-04/05) and bulk updates' "select all": property-list.repository.ts's
// reads, with the list's cursor. One property's reads and writes are in property.service.ts.

function encodeCursor(c: ListCursor): string {
  return Buffer.from(`${c.updatedAt}|${c.id}`).toString("base64url");
}
function decodeCursor(raw: string | undefined): ListCursor | undefined {
  if (!raw) return undefined;
  const [updatedAt, id] = Buffer.from(raw, "base64url").toString("utf8").split("|");
  if (!updatedAt || !id || Number.isNaN(Date.parse(updatedAt)) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new AppError("INVALID_CURSOR");
  }
  return { updatedAt, id };
}

/** A page of the caller's properties, newest change first, with the total count (HOME-08…10, PROP-04/05). */
export async function findProperties(
  ctx: AppContext,
  caller: Caller,
  query: PropertyListQuery,
): Promise<PropertyListResponse> {
  const limit = query.limit ?? PROPERTIES_PAGE_SIZE;
  const list = await listProperties(ctx.db, caller.accountId, {
    search: query.search || undefined,
    cursor: decodeCursor(query.cursor),
    limit: limit + 1,
    scope: caller.propertyScope,
  });
  if (!list) throw notFound("account");
  const { rows, account } = list;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const now = ctx.now();
  return {
    items: page.map((row) => toPropertySummary(row, account, now)),
    nextCursor:
      rows.length > limit && last ? encodeCursor({ updatedAt: last.updatedAt.toISOString(), id: last.id }) : null,
    total: caller.propertyScope
      ? await countScopedProperties(ctx.db, caller.accountId, caller.propertyScope)
      : account.listedProperties,
  };
}

/** Every property of the caller matching `search`, up to one bulk update's worth ("select all"). */
export async function findPropertyIds(
  ctx: AppContext,
  caller: Caller,
  query: PropertyIdsQuery,
): Promise<PropertyIdsResponse> {
  return listPropertyIds(
    ctx.db,
    caller.accountId,
    query.search || undefined,
    MAX_BULK_PROPERTIES,
    caller.propertyScope,
  );
}
