CREATE TABLE "stay_link_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"reveal_days_before" integer DEFAULT 1 NOT NULL,
	"ends_at" text DEFAULT 'end-of-check-out-day' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stay_links" (
	"stay_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"token_encrypted" text NOT NULL,
	"opened_count" integer DEFAULT 0 NOT NULL,
	"first_opened_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "details_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stay_link_settings" ADD CONSTRAINT "stay_link_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_links" ADD CONSTRAINT "stay_links_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_links" ADD CONSTRAINT "stay_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stay_links_token_hash_unique" ON "stay_links" USING btree ("token_hash");