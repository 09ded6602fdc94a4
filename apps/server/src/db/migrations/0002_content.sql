CREATE TABLE "content_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"system_id" integer NOT NULL,
	"theme" text NOT NULL,
	"label" text NOT NULL,
	"title" text NOT NULL,
	"short_description" text,
	"type" text NOT NULL,
	"parent_label" text,
	"icon" text,
	"image_url" text,
	"list_rank" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_item_links" (
	"item_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_item_links_item_id_property_id_pk" PRIMARY KEY("item_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "content_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"category_label" text NOT NULL,
	"template_label" text,
	"label" text NOT NULL,
	"is_custom_label" boolean NOT NULL,
	"info_type" text NOT NULL,
	"title" text NOT NULL,
	"detail_text" text DEFAULT '' NOT NULL,
	"describe" text,
	"locate" text,
	"operate" text,
	"web_link" text,
	"image_key" text,
	"video_key" text,
	"document_key" text,
	"what3words" text,
	"show_what3words" boolean DEFAULT false NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"list_rank" integer NOT NULL,
	"content_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_sub_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"type" text NOT NULL,
	"list_rank" integer NOT NULL,
	"detail_text" text,
	"button_label" text,
	"button_link" text,
	"internal_link_label" text,
	"internal_link" text,
	"image_key" text,
	"video_key" text,
	"document_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"system_id" integer NOT NULL,
	"theme" text NOT NULL,
	"label" text NOT NULL,
	"category_label" text NOT NULL,
	"description" text,
	"label_title" text NOT NULL,
	"label_describe" text,
	"label_locate" text,
	"label_operate" text,
	"label_web_link" text,
	"label_media" text,
	"label_featured" text,
	"is_required" boolean DEFAULT false NOT NULL,
	"show_title" boolean DEFAULT true NOT NULL,
	"show_web_link" boolean DEFAULT true NOT NULL,
	"show_media" boolean DEFAULT true NOT NULL,
	"show_featured" boolean DEFAULT true NOT NULL,
	"default_title" text NOT NULL,
	"default_text" text DEFAULT '' NOT NULL,
	"default_describe" text,
	"default_locate" text,
	"default_operate" text,
	"default_web_link" text,
	"default_image_url" text,
	"list_rank" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_translation_cache" (
	"item_id" uuid NOT NULL,
	"content_version" integer NOT NULL,
	"language" text NOT NULL,
	"provider" text NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_translation_cache_item_id_content_version_language_pk" PRIMARY KEY("item_id","content_version","language")
);
--> statement-breakpoint
CREATE TABLE "content_translations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"language" text NOT NULL,
	"title" text,
	"detail_text" text,
	"describe" text,
	"locate" text,
	"operate" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_item_links" ADD CONSTRAINT "content_item_links_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_item_links" ADD CONSTRAINT "content_item_links_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_item_links" ADD CONSTRAINT "content_item_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_sub_items" ADD CONSTRAINT "content_sub_items_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_translation_cache" ADD CONSTRAINT "content_translation_cache_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_translations" ADD CONSTRAINT "content_translations_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_categories_system_theme_label" ON "content_categories" USING btree ("system_id","theme","label");--> statement-breakpoint
CREATE INDEX "content_item_links_property_idx" ON "content_item_links" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "content_items_property_category_idx" ON "content_items" USING btree ("property_id","category_label","list_rank");--> statement-breakpoint
CREATE INDEX "content_items_account_idx" ON "content_items" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_property_template_unique" ON "content_items" USING btree ("property_id","template_label") WHERE "content_items"."template_label" is not null;--> statement-breakpoint
CREATE INDEX "content_sub_items_item_idx" ON "content_sub_items" USING btree ("item_id","list_rank");--> statement-breakpoint
CREATE UNIQUE INDEX "content_templates_system_theme_label" ON "content_templates" USING btree ("system_id","theme","label");--> statement-breakpoint
CREATE UNIQUE INDEX "content_translations_item_language" ON "content_translations" USING btree ("item_id","language");