import type { Db } from "../../db/client.ts";
import { stayLabelsSubquery } from "./stays.repository.ts";

/**
 * Stays' guest names and check-in and check-out days as a subquery another feature left-joins on `id`: the
 * inbox reads each conversation's stay with its page in one statement (decision 050).
 */
export function stayLabelsOf(db: Db) {
  return stayLabelsSubquery(db);
}
