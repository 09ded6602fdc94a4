CREATE TABLE "local_area_profile_links" (
	"profile_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_area_profile_links_profile_id_property_id_pk" PRIMARY KEY("profile_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "local_area_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"label" text NOT NULL,
	"title" text NOT NULL,
	"place_id" text,
	"town_city" text,
	"county" text,
	"state" text,
	"country" text,
	"formatted_address" text,
	"lat" double precision,
	"lng" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_places" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid,
	"profile_id" uuid,
	"category_label" text NOT NULL,
	"title" text NOT NULL,
	"detail_text" text DEFAULT '' NOT NULL,
	"web_link" text,
	"phone" text,
	"address" text,
	"lat" double precision,
	"lng" double precision,
	"provider_place_id" text,
	"photo_reference" text,
	"rating" real,
	"place_type" text,
	"image_key" text,
	"list_rank" integer NOT NULL,
	"content_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_places_one_owner" CHECK (num_nonnulls("local_places"."property_id", "local_places"."profile_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "local_area_profile_links" ADD CONSTRAINT "local_area_profile_links_profile_id_local_area_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."local_area_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_area_profile_links" ADD CONSTRAINT "local_area_profile_links_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_area_profile_links" ADD CONSTRAINT "local_area_profile_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_area_profiles" ADD CONSTRAINT "local_area_profiles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_places" ADD CONSTRAINT "local_places_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_places" ADD CONSTRAINT "local_places_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_places" ADD CONSTRAINT "local_places_profile_id_local_area_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."local_area_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_area_profile_links_property_idx" ON "local_area_profile_links" USING btree ("property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "local_area_profiles_account_label" ON "local_area_profiles" USING btree ("account_id","label");--> statement-breakpoint
CREATE INDEX "local_places_property_idx" ON "local_places" USING btree ("property_id","category_label","list_rank");--> statement-breakpoint
CREATE INDEX "local_places_profile_idx" ON "local_places" USING btree ("profile_id","category_label","list_rank");--> statement-breakpoint
CREATE UNIQUE INDEX "local_places_property_place_unique" ON "local_places" USING btree ("property_id","provider_place_id") WHERE "local_places"."provider_place_id" is not null and "local_places"."property_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "local_places_profile_place_unique" ON "local_places" USING btree ("profile_id","provider_place_id") WHERE "local_places"."provider_place_id" is not null and "local_places"."profile_id" is not null;