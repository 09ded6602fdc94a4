CREATE TABLE "guide_visit_days" (
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"day" date NOT NULL,
	"device_type" text NOT NULL,
	"source" text NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "guide_visit_days_property_id_day_device_type_source_pk" PRIMARY KEY("property_id","day","device_type","source")
);
--> statement-breakpoint
CREATE TABLE "guide_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"tracking_session_id" text NOT NULL,
	"device_type" text NOT NULL,
	"utm_source" text,
	"visit_day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guide_visit_days" ADD CONSTRAINT "guide_visit_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_visit_days" ADD CONSTRAINT "guide_visit_days_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_visits" ADD CONSTRAINT "guide_visits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_visits" ADD CONSTRAINT "guide_visits_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guide_visit_days_account_day_idx" ON "guide_visit_days" USING btree ("account_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "guide_visits_property_day_session" ON "guide_visits" USING btree ("property_id","visit_day","tracking_session_id");--> statement-breakpoint
CREATE INDEX "guide_visits_account_created_idx" ON "guide_visits" USING btree ("account_id","created_at");