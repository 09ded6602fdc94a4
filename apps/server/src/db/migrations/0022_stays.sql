CREATE TABLE "stays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"guest_first_name" text NOT NULL,
	"guest_last_name" text DEFAULT '' NOT NULL,
	"guest_search" text DEFAULT '' NOT NULL,
	"guest_email" text,
	"guest_phone" text,
	"guest_language" text NOT NULL,
	"adults" integer DEFAULT 1 NOT NULL,
	"children" integer DEFAULT 0 NOT NULL,
	"check_in_date" date NOT NULL,
	"check_in_time" text NOT NULL,
	"check_out_date" date NOT NULL,
	"check_out_time" text NOT NULL,
	"check_in_at" timestamp with time zone NOT NULL,
	"check_out_at" timestamp with time zone NOT NULL,
	"door_code_encrypted" text,
	"notes" text,
	"source" text NOT NULL,
	"source_id" text,
	"feed_id" uuid,
	"channel" text,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"contact_erased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "time_zone_source" text DEFAULT 'account' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "default_check_in_time" text DEFAULT '15:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "default_check_out_time" text DEFAULT '11:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stays_feed_source_unique" ON "stays" USING btree ("feed_id","source_id") WHERE "stays"."feed_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "stays_property_source_unique" ON "stays" USING btree ("property_id","source","source_id") WHERE "stays"."source_id" is not null and "stays"."feed_id" is null;--> statement-breakpoint
CREATE INDEX "stays_account_check_in_idx" ON "stays" USING btree ("account_id","status","check_in_at","id");--> statement-breakpoint
CREATE INDEX "stays_account_upcoming_idx" ON "stays" USING btree ("account_id","check_out_at","check_in_at") WHERE "stays"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "stays_property_check_in_idx" ON "stays" USING btree ("property_id","check_in_at");--> statement-breakpoint
CREATE INDEX "stays_property_check_out_idx" ON "stays" USING btree ("property_id","check_out_at");--> statement-breakpoint
CREATE INDEX "stays_retention_idx" ON "stays" USING btree ("check_out_at") WHERE "stays"."contact_erased_at" is null;--> statement-breakpoint
-- Existing properties take their account's zone (the analytics' day zone) until the pin lookup, which SQL cannot
-- run, fills it from their pin (the "property-time-zones" job; decision 040).
UPDATE "properties" SET "time_zone" = a."time_zone" FROM "accounts" a
  WHERE a."id" = "properties"."account_id" AND a."time_zone" IS NOT NULL;
