CREATE TABLE "stay_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"url_encrypted" text NOT NULL,
	"url_hint" text NOT NULL,
	"channel" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"body_hash" text,
	"last_polled_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"last_error_code" text,
	"last_error_params" jsonb,
	"last_counts" jsonb,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sync_lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stay_feeds" ADD CONSTRAINT "stay_feeds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_feeds" ADD CONSTRAINT "stay_feeds_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stay_feeds_property_idx" ON "stay_feeds" USING btree ("property_id","created_at");--> statement-breakpoint
CREATE INDEX "stay_feeds_next_poll_idx" ON "stay_feeds" USING btree ("next_poll_at");