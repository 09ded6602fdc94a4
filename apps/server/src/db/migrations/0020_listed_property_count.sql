ALTER TABLE "accounts" ADD COLUMN "listed_properties" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Decision 027: the property list's total is kept, not counted. A property is listed while it is neither archived
-- nor the shared-content one (property.repository.ts's `listedBy`); every insert, delete, archive or change of
-- owner moves its account's count, in the statement's own transaction, whichever code path made it.
CREATE FUNCTION "properties_keep_listed_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."archived_at" IS NULL AND NOT OLD."is_shared" THEN
    IF TG_OP = 'UPDATE' AND NEW."archived_at" IS NULL AND NOT NEW."is_shared" AND NEW."account_id" = OLD."account_id" THEN
      RETURN NULL;
    END IF;
    UPDATE "accounts" SET "listed_properties" = "listed_properties" - 1 WHERE "id" = OLD."account_id";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."archived_at" IS NULL AND NOT NEW."is_shared" THEN
    UPDATE "accounts" SET "listed_properties" = "listed_properties" + 1 WHERE "id" = NEW."account_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "properties_listed_count" AFTER INSERT OR DELETE OR UPDATE OF "archived_at", "is_shared", "account_id"
  ON "properties" FOR EACH ROW EXECUTE FUNCTION "properties_keep_listed_count"();--> statement-breakpoint
UPDATE "accounts" SET "listed_properties" = (
  SELECT count(*) FROM "properties" p WHERE p."account_id" = "accounts"."id" AND p."archived_at" IS NULL AND NOT p."is_shared"
);
