import type { AppContext } from "../../app-context.ts";
import type { PropertyScoped } from "../../lib/property-scope.ts";
import { getPropertyWeblinks } from "./property.service.ts";
import { findFirstPropertyCreatedAt, listPropertyTitles } from "./property.repository.ts";

/** More than any account manages; keeps the list bounded (docs/architecture.md §4). */
const MAX_PROPERTY_CHOICES = 5000;

/** Weblink and title of every property the account can pick in a selector (ANL-02), by title. */
export function listPropertyChoices(
  ctx: AppContext,
  accountId: string,
): Promise<{ propertyId: string; title: string }[]> {
  return listPropertyTitles(ctx.db, accountId, MAX_PROPERTY_CHOICES);
}

/** The choices a caller may pick (decision 056): a member limited to chosen properties, among theirs only. */
export async function listPropertyChoicesFor(
  ctx: AppContext,
  caller: PropertyScoped & { accountId: string },
): Promise<{ propertyId: string; title: string }[]> {
  const [choices, scoped] = await Promise.all([
    listPropertyChoices(ctx, caller.accountId),
    caller.propertyScope ? getPropertyWeblinks(ctx, [...caller.propertyScope]) : null,
  ]);
  return scoped ? choices.filter((p) => scoped.includes(p.propertyId)) : choices;
}

/** When the account created its first property (OPEN-54: where the analytics months begin); null without one. */
export function getFirstPropertyCreatedAt(ctx: AppContext, accountId: string): Promise<Date | null> {
  return findFirstPropertyCreatedAt(ctx.db, accountId);
}
