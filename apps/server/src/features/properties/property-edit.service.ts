import type { AppContext, Caller } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import { findEditableProperties, updateOwnedProperties } from "./property-edit.repository.ts";
import { setAccountMessagingActive } from "../users/account-lookup.service.ts";
import { takesGuestMessages } from "./property.repository.ts";

/** A property's editable settings as a bulk edit compares them (domain values, not what the page shows). */
export interface EditableProperty {
  propertyId: string;
  title: string;
  isShared: boolean;
  defaultLanguage: string;
  languageTranslations: string[];
  managerId: string | null;
  companyProfile: boolean;
  hexPrimary: string | null;
  hexSecondary: string | null;
  published: boolean;
  inboundMessagingActive: boolean;
  outboundMessagingActive: boolean;
}

/** The settings an edit may change besides the address (SETUP-03/04); the manager by its row id. */
export type PropertyEdit = Partial<
  Pick<
    EditableProperty,
    | "defaultLanguage"
    | "languageTranslations"
    | "managerId"
    | "companyProfile"
    | "hexPrimary"
    | "hexSecondary"
    | "published"
    | "inboundMessagingActive"
    | "outboundMessagingActive"
  >
>;

/** Why an edit cannot apply to a property. */
export type EditRejection = "shared-content" | "company-branding-needs-company" | "default-language-not-translated";

/** The error a rejected edit answers, with the message and field Basic Setup shows. */
export function editRejectionError(reason: EditRejection): AppError {
  switch (reason) {
    case "shared-content":
      return new AppError("SHARED_CONTENT_LOCKED");
    case "company-branding-needs-company":
      return new AppError("COMPANY_BRANDING_NEEDS_COMPANY", undefined, { at: ["companyProfile"] });
    case "default-language-not-translated":
      return new AppError("DEFAULT_LANGUAGE_INVALID", undefined, {
        at: ["defaultLanguage"],
        issue: "DEFAULT_LANGUAGE_NOT_TRANSLATED",
      });
  }
}

/**
 * Basic Setup's rules for an edit of one property (OPEN-45, CO-07, SHARED-01), without a database: the edit
 * as it is stored, or why it cannot apply. Translations drop English and repeats; a default language that
 * is no longer translated falls back to English, while one set explicitly must be translated.
 */
export function checkPropertyEdit(
  property: Pick<EditableProperty, "isShared" | "defaultLanguage" | "languageTranslations">,
  edit: PropertyEdit,
  account: { hasCompany: boolean },
): { edit: PropertyEdit } | { rejected: EditRejection } {
  if (property.isShared) return { rejected: "shared-content" };
  // Company branding stands in for the colours of SETUP-20 (CO-07) only when there is a company behind it.
  if (edit.companyProfile && !account.hasCompany) return { rejected: "company-branding-needs-company" };
  const checked: PropertyEdit = { ...edit };
  const translations = edit.languageTranslations ?? property.languageTranslations;
  const defaultLanguage = edit.defaultLanguage ?? property.defaultLanguage;
  if (defaultLanguage !== "en" && !translations.includes(defaultLanguage)) {
    if (edit.defaultLanguage) return { rejected: "default-language-not-translated" };
    checked.defaultLanguage = "en";
  }
  if (edit.languageTranslations) checked.languageTranslations = [...new Set(translations.filter((c) => c !== "en"))];
  return { edit: checked };
}

/** The caller's live properties among these weblinks (the shared-content one included), read in one statement. */
export async function loadEditableProperties(
  ctx: AppContext,
  caller: Caller,
  propertyIds: string[],
): Promise<Map<string, EditableProperty>> {
  const rows = await findEditableProperties(ctx.db, caller.accountId, propertyIds);
  return new Map(rows.map((row) => [row.propertyId, row]));
}

/**
 * Applies checked edits to many of the caller's guides, one statement per distinct edit, and keeps the
 * account's messaging status (OPEN-51); answers the weblinks updated. The caller runs it in a transaction
 * and purges the guides' cached pages once it commits.
 */
export async function applyPropertyEdits(
  ctx: AppContext,
  caller: Caller,
  edits: { propertyId: string; edit: PropertyEdit }[],
): Promise<Set<string>> {
  const groups = new Map<string, { edit: PropertyEdit; propertyIds: string[] }>();
  for (const { propertyId, edit } of edits) {
    const key = JSON.stringify(edit);
    const group = groups.get(key) ?? { edit, propertyIds: [] };
    group.propertyIds.push(propertyId);
    groups.set(key, group);
  }
  const updated = new Set<string>();
  const at = ctx.now();
  for (const { edit, propertyIds } of groups.values()) {
    for (const id of await updateOwnedProperties(ctx.db, caller.accountId, propertyIds, edit, at)) updated.add(id);
  }
  if (edits.some(({ edit }) => edit.inboundMessagingActive !== undefined))
    await syncMessagingStatus(ctx, caller.accountId);
  return updated;
}

/**
 * OPEN-51: MessagingActiveStatus is true while any of the account's live properties takes guest messages;
 * the users feature keeps it on the account's users. Run in the transaction of the change that moved it.
 */
export async function syncMessagingStatus(ctx: AppContext, accountId: string): Promise<void> {
  await setAccountMessagingActive(ctx, accountId, await takesGuestMessages(ctx.db, accountId));
}

/** Whether an applied edit must drop the guide's cached pages at once (unpublished, messages on or off). */
export const editPurgesGuide = (edit: PropertyEdit): boolean =>
  edit.published === false || edit.inboundMessagingActive !== undefined;
