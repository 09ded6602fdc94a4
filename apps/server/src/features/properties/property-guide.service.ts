import type { AppContext } from "../../app-context.ts";
import { propertyInactiveReason } from "./property.dto.ts";
import { findGuidePropertyRecord, findPropertyFileState } from "./property.repository.ts";
import type { Property } from "./property.service.ts";

/** The company brand behind a guide (CO-07), when the property shows it. */
export interface GuideCompany {
  id: string;
  accountId: string;
  brandName: string;
  logoKey: string | null;
  iconKey: string | null;
  hexPrimary: string | null;
  hexSecondary: string | null;
  backgroundHex: string | null;
  fontHex: string | null;
  website: string | null;
  pms: string | null;
}

/** A property as its guest guide reads it: the row, the company brand behind it, and whether it is Live. */
export interface GuideProperty {
  property: Property;
  company: GuideCompany | null;
  /** Live (PROP-17): published, active, and its account's subscription keeps guides online. */
  live: boolean;
  /**
   * When the clock alone changes whether it is Live (its account's trial ends, with no subscription), else null:
   * a cached page of the guide is not served from then on (decision 059).
   */
  changesAt: Date | null;
}

/**
 * Gets the property behind a public weblink for its guide and visit counting; null when unknown, archived
 * or the shared-content property, which have no guide (GUIDE-22).
 */
export async function getGuideProperty(ctx: AppContext, propertyId: string): Promise<GuideProperty | null> {
  const record = await findGuidePropertyRecord(ctx.db, propertyId);
  if (!record || record.property.archivedAt) return null;
  const now = ctx.now();
  const { account } = record;
  const trialEnds = !account.hasSubscription && account.trialEndsAt !== null && account.trialEndsAt > now;
  return {
    property: record.property,
    company: record.company,
    live: propertyInactiveReason(record.property, account, now) === null,
    changesAt: trialEnds ? account.trialEndsAt : null,
  };
}

/**
 * Whether the files of a property (by its internal id, as in its storage folder) may be served: not when it is
 * deleted (archived, its files waiting for the purge job) or deactivated by the operator, nor once it is gone.
 * Read from the database on each request, so every instance refuses them the moment it changes (decision 038).
 */
export async function arePropertyFilesServed(ctx: AppContext, id: string): Promise<boolean> {
  const state = await findPropertyFileState(ctx.db, id);
  return state !== null && state.archivedAt === null && state.active;
}
