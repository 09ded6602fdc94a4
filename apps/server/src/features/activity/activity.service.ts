import {
  ACTIVITY_KINDS,
  type ActivityEntry,
  type ActivityQuery,
  type ActivityResponse,
} from "@doorstep/shared/schemas/activity";
import type { AppContext, Caller } from "../../app-context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { findActivity, type ActivityRecord } from "../audit/audit.service.ts";
import { propertyRowOf } from "../properties/property.service.ts";
import { listAccountUsers } from "../users/user.service.ts";

const PAGE = 50;

function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString("base64url");
}
function decodeCursor(raw: string | undefined): { at: Date; id: string } | undefined {
  if (!raw) return undefined;
  const [at, id] = Buffer.from(raw, "base64url").toString("utf8").split("|");
  if (!at || !id || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/.test(id)) throw new AppError("INVALID_CURSOR");
  return { at: new Date(at), id };
}

const str = (v: unknown) => (typeof v === "string" ? v : null);

function toEntry(record: ActivityRecord, names: Map<string, string>): ActivityEntry | null {
  const kind = ACTIVITY_KINDS.find((k) => k === record.kind);
  if (!kind) return null;
  const d = record.details;
  return {
    id: record.id,
    createdAt: record.createdAt.toISOString(),
    kind,
    actorName: record.userId ? (names.get(record.userId) ?? null) : null,
    byApiKey: record.userId === null && d.apiKey === true,
    propertyId: record.propertyId,
    action: str(d.action),
    title: str(d.title),
    fields: Array.isArray(d.fields) ? d.fields.filter((f): f is string => typeof f === "string") : [],
    email: str(d.email),
    role: str(d.role),
    guest: str(d.guest),
    published: typeof d.published === "boolean" ? d.published : null,
    amount: typeof d.amount === "number" && Number.isInteger(d.amount) ? d.amount : null,
    currency: str(d.currency),
  };
}

/** The activity page (decision 058): who changed what and when, newest first, by property and by member. */
export async function listActivity(ctx: AppContext, caller: Caller, query: ActivityQuery): Promise<ActivityResponse> {
  const limit = query.limit ?? PAGE;
  let propertyRowId: string | undefined;
  if (query.propertyId) {
    const property = await propertyRowOf(ctx, caller.accountId, query.propertyId);
    if (!property) throw notFound("property");
    propertyRowId = property.id;
  }
  const users = await listAccountUsers(ctx, caller.accountId);
  if (query.memberId && !users.some((u) => u.id === query.memberId)) throw notFound("member");
  const names = new Map(users.map((u) => [u.id, [u.firstName, u.lastName].filter(Boolean).join(" ")]));
  const rows = await findActivity(ctx, caller.accountId, {
    propertyRowId,
    userId: query.memberId,
    cursor: decodeCursor(query.cursor),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.flatMap((r) => toEntry(r, names) ?? []),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
