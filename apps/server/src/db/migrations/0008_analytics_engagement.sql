CREATE TABLE "guide_engagement_account_days" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "guide_engagement_account_days_account_id_day_kind_key_pk" PRIMARY KEY("account_id","day","kind","key")
);
--> statement-breakpoint
CREATE TABLE "guide_engagement_days" (
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "guide_engagement_days_property_id_day_kind_key_pk" PRIMARY KEY("property_id","day","kind","key")
);
--> statement-breakpoint
CREATE TABLE "guide_engagement_events" (
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"day" date NOT NULL,
	"tracking_session_id" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guide_engagement_events_property_id_day_tracking_session_id_kind_key_pk" PRIMARY KEY("property_id","day","tracking_session_id","kind","key")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "analytics_raw_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guide_engagement_account_days" ADD CONSTRAINT "guide_engagement_account_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_engagement_days" ADD CONSTRAINT "guide_engagement_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_engagement_days" ADD CONSTRAINT "guide_engagement_days_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_engagement_events" ADD CONSTRAINT "guide_engagement_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_engagement_events" ADD CONSTRAINT "guide_engagement_events_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guide_engagement_days_account_kind_day_idx" ON "guide_engagement_days" USING btree ("account_id","kind","day","key","sessions");--> statement-breakpoint
CREATE INDEX "guide_engagement_events_account_created_idx" ON "guide_engagement_events" USING btree ("account_id","created_at");