import type { MessageText } from "@doorstep/shared/schemas/scheduled-messages";
import type { MessageRuleRow } from "./message-rules.repository.ts";

/** A message rule as the scheduler reads it (decision 050): property row ids, null for all. */
export interface MessageRule {
  id: string;
  accountId: string;
  name: string;
  trigger: MessageRuleRow["trigger"];
  days: number;
  atTime: string;
  propertyRowIds: string[] | null;
  channel: MessageRuleRow["channel"];
  texts: Record<string, MessageText>;
  active: boolean;
  /** Its messages are being planned again after a save (some may still be of the rule before it). */
  planning: boolean;
}

/** The rule of a row. */
export const ruleOf = (row: MessageRuleRow): MessageRule => ({
  id: row.id,
  accountId: row.accountId,
  name: row.name,
  trigger: row.trigger,
  days: row.days,
  atTime: row.atTime,
  propertyRowIds: row.propertyIds ?? null,
  channel: row.channel,
  texts: row.texts,
  active: row.active,
  planning: row.planningSince !== null,
});
