import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * The shape of a machine-translation cache (IMPL-10, OPEN-44): the translations of an owner's blank fields per
 * (owner, ContentVersion, language). Content items and local places each keep their own table of this shape,
 * not one table with a kind column, so that each row keeps a foreign key to its owner and goes with it.
 */
export function translationCacheTable<TName extends string, TOwner extends string>(
  name: TName,
  owner: { key: TOwner; column: string; references: () => AnyPgColumn },
) {
  const ownerId = uuid(owner.column).notNull().references(owner.references, { onDelete: "cascade" });
  return pgTable(
    name,
    {
      ...({ [owner.key]: ownerId } as Record<TOwner, typeof ownerId>),
      contentVersion: integer("content_version").notNull(),
      language: text("language").notNull(),
      provider: text("provider").notNull(),
      /** Field name → machine-translated text, for the fields the host left blank. */
      fields: jsonb("fields").$type<Record<string, string>>().notNull(),
      createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t[owner.key], t.contentVersion, t.language] })],
  );
}
