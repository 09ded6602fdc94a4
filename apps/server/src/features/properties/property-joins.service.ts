import type { AnyColumn, SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  liveGuidesSubquery,
  liveSharedPropertyCondition,
  propertyLabelsSubquery,
  stayPropertiesSubquery,
} from "./property-joins.repository.ts";

/**
 * A condition for another feature's query: `propertyRowId` is a live shared-content property (SHARED-01).
 * Kept in SQL so the guest guide's read of attached shared items stays one statement (decision 036).
 */
export function whereLiveSharedProperty(propertyRowId: AnyColumn): SQL {
  return liveSharedPropertyCondition(propertyRowId);
}

/**
 * The account's live guides (row id, title, theme) as a subquery another feature joins on `id`: the content
 * outline reads items with their guide's title and theme in one statement (decision 036).
 */
export function liveGuidesOf(db: Db, accountId: string) {
  return liveGuidesSubquery(db, accountId);
}

/**
 * Properties' weblink (`propertyId`), title and `inboundMessagingActive` as a subquery another feature joins
 * on `id`: the conversation list and the guest notifications read them with their rows in one statement.
 */
export function propertyLabelsOf(db: Db) {
  return propertyLabelsSubquery(db);
}

/** The account's live guides as a subquery stays join on `id`: weblink, title and time zone (decision 040). */
export function stayPropertiesOf(db: Db) {
  return stayPropertiesSubquery(db);
}
