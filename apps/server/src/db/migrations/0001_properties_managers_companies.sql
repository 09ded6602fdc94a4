CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"brand_name" text NOT NULL,
	"logo_key" text,
	"icon_key" text,
	"hex_primary" text,
	"hex_secondary" text,
	"background_hex" text,
	"font_hex" text,
	"website" text,
	"pms" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "managers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"vanity_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"photo_key" text,
	"email" text,
	"tel" text,
	"message_app_name" text,
	"message_app_link" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" text NOT NULL,
	"title" text NOT NULL,
	"cover_key" text,
	"display_address" text,
	"formatted_address" text,
	"address_line_one" text,
	"address_line_two" text,
	"town_city" text,
	"county" text,
	"state" text,
	"postcode" text,
	"country" text,
	"lat" double precision,
	"lng" double precision,
	"what3words" text,
	"show_what3words" boolean DEFAULT false NOT NULL,
	"viator_destination_ids" text[],
	"destinations_max_distance_km" integer,
	"default_language" text DEFAULT 'en' NOT NULL,
	"language_translations" text[] DEFAULT '{}'::text[] NOT NULL,
	"manager_id" uuid,
	"hex_primary" text,
	"hex_secondary" text,
	"company_profile" boolean DEFAULT false NOT NULL,
	"theme_label" text DEFAULT 'default' NOT NULL,
	"passcode_encrypted" text,
	"guide_session_token" text NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"is_shared" boolean DEFAULT false NOT NULL,
	"inbound_messaging_active" boolean DEFAULT false NOT NULL,
	"outbound_messaging_active" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"purged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managers" ADD CONSTRAINT "managers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_manager_id_managers_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."managers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "managers_vanity_id_unique" ON "managers" USING btree ("vanity_id");--> statement-breakpoint
CREATE INDEX "managers_account_id_idx" ON "managers" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "managers_one_default_per_account" ON "managers" USING btree ("account_id") WHERE "managers"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "properties_property_id_unique" ON "properties" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "properties_account_recent_idx" ON "properties" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "properties_manager_id_idx" ON "properties" USING btree ("manager_id");