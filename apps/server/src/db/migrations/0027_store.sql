CREATE TABLE "local_store_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_method_ref" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"destination" text,
	"application_fee" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"amount_refunded" integer DEFAULT 0 NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_store_payments_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "store_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"type" text NOT NULL,
	"texts" jsonb NOT NULL,
	"slots" jsonb NOT NULL,
	"amount" integer,
	"per" text NOT NULL,
	"max_quantity" integer NOT NULL,
	"confirmation" text NOT NULL,
	"property_ids" uuid[],
	"photo_key" text,
	"active" boolean NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"stay_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"offer_type" text NOT NULL,
	"title" text NOT NULL,
	"slot_time" text,
	"quantity" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"application_fee" integer DEFAULT 0 NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"payment" text NOT NULL,
	"payment_ref" text,
	"customer_ref" text,
	"payment_method_ref" text,
	"destination_ref" text,
	"deadline_at" timestamp with time zone,
	"authorise_at" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"host_note" text,
	"decided_at" timestamp with time zone,
	"captured_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"answer_within_hours" integer DEFAULT 24 NOT NULL,
	"connect_account_ref" text,
	"connect_ready" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_offers" ADD CONSTRAINT "store_offers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_offer_id_store_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."store_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_offers_account_idx" ON "store_offers" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_orders_stay_key_unique" ON "store_orders" USING btree ("stay_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "store_orders_account_idx" ON "store_orders" USING btree ("account_id","status","created_at");--> statement-breakpoint
CREATE INDEX "store_orders_stay_idx" ON "store_orders" USING btree ("stay_id","created_at");--> statement-breakpoint
CREATE INDEX "store_orders_payment_idx" ON "store_orders" USING btree ("payment_ref") WHERE "store_orders"."payment_ref" is not null;