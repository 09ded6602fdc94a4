import type { Db } from "../../db/client.ts";
import { findSystemContentByLabel, upsertSystemContent } from "./system-content.repository.ts";

/** Words the operator edits for a page of the product, by detail label (AFF-06, AFF-15, IMPL-23). */
export interface SystemContent {
  detailLabel: string;
  title: string | null;
  description: string | null;
  longDescription: string | null;
  imageUrl: string | null;
  items: string[];
  updatedAt: Date;
}

export type SystemContentPatch = Partial<Omit<SystemContent, "detailLabel" | "updatedAt">>;

/** The entry with this detail label, or null while the operator has not written it. */
export function findSystemContent(db: Db, detailLabel: string): Promise<SystemContent | null> {
  return findSystemContentByLabel(db, detailLabel);
}

/** Operator: writes the given fields of an entry, creating it if need be (IMPL-23). */
export async function saveSystemContent(
  db: Db,
  detailLabel: string,
  patch: SystemContentPatch,
  at: Date,
): Promise<void> {
  await upsertSystemContent(db, detailLabel, patch, at);
}
