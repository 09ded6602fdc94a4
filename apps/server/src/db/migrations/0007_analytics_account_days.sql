CREATE TABLE "guide_visit_account_days" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"device_type" text NOT NULL,
	"source" text NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "guide_visit_account_days_account_id_day_device_type_source_pk" PRIMARY KEY("account_id","day","device_type","source")
);
--> statement-breakpoint
ALTER TABLE "guide_visit_account_days" ADD CONSTRAINT "guide_visit_account_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Visits recorded before this table existed: the account totals are the sums of the per-property rollup.
INSERT INTO "guide_visit_account_days" ("account_id", "day", "device_type", "source", "sessions")
SELECT "account_id", "day", "device_type", "source", sum("sessions")::int FROM "guide_visit_days"
GROUP BY "account_id", "day", "device_type", "source";
