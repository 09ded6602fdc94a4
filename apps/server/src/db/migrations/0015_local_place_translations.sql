CREATE TABLE "local_place_translation_cache" (
	"place_id" uuid NOT NULL,
	"content_version" integer NOT NULL,
	"language" text NOT NULL,
	"provider" text NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_place_translation_cache_place_id_content_version_language_pk" PRIMARY KEY("place_id","content_version","language")
);
--> statement-breakpoint
CREATE TABLE "local_place_translations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"place_id" uuid NOT NULL,
	"language" text NOT NULL,
	"title" text,
	"detail_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "local_place_translation_cache" ADD CONSTRAINT "local_place_translation_cache_place_id_local_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."local_places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_place_translations" ADD CONSTRAINT "local_place_translations_place_id_local_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."local_places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "local_place_translations_place_language" ON "local_place_translations" USING btree ("place_id","language");