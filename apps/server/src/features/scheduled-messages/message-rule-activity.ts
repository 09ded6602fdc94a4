import type { AppContext, Caller } from "../../app-context.ts";
import { recordActivity } from "../audit/audit.service.ts";
import { getStayProperty } from "../properties/property-stays.service.ts";
import type { MessageRuleRow } from "./message-rules.repository.ts";

/** A rule's fields as the activity log names them (the form's labels come from the catalogue). */
const RULE_FIELDS = ["name", "trigger", "days", "atTime", "propertyIds", "channel", "texts", "active"] as const;
type RuleFields = Pick<MessageRuleRow, (typeof RULE_FIELDS)[number]>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields a save changed, in the form's order. */
export function changedRuleFields(before: RuleFields, after: RuleFields): string[] {
  return RULE_FIELDS.filter((field) => !same(before[field], after[field]));
}

/**
 * Records a rule's change on the activity log (decision 058). A rule for exactly one property is on that
 * property (its filter shows it); a rule for several or all properties is account-wide, like a team change: one
 * entry, never one per property. Switching a rule on or off alone reads as that, not as a changed field.
 */
export async function recordRuleActivity(
  ctx: AppContext,
  caller: Caller,
  rule: MessageRuleRow,
  action: "created" | "updated" | "deleted",
  fields?: string[],
): Promise<void> {
  const only = rule.propertyIds?.length === 1 ? rule.propertyIds[0] : undefined;
  const property = only ? await getStayProperty(ctx, caller.accountId, { id: only }) : null;
  const toggled = action === "updated" && fields?.length === 1 && fields[0] === "active";
  await recordActivity(ctx, caller, {
    kind: "scheduled-message",
    ...(property ? { property: { id: property.id, propertyId: property.propertyId } } : {}),
    details: {
      action: toggled ? (rule.active ? "turned-on" : "turned-off") : action,
      ruleId: rule.id,
      title: rule.name,
      ...(fields && !toggled ? { fields } : {}),
    },
  });
}
