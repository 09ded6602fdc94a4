CREATE TABLE "affiliate_commissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"customer_account_id" uuid NOT NULL,
	"invoice_ref" text NOT NULL,
	"invoice_paid_at" timestamp with time zone NOT NULL,
	"invoice_amount" integer NOT NULL,
	"invoice_currency" text NOT NULL,
	"invoice_commission" integer NOT NULL,
	"commission_model" text NOT NULL,
	"exchange_rate" text NOT NULL,
	"reversed_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_customers" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"first_paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"tracking_label" text NOT NULL,
	"commission_currency" text DEFAULT 'usd' NOT NULL,
	"paypal_email" text,
	"commission_model" text DEFAULT 'percentage' NOT NULL,
	"commission_percentage" integer DEFAULT 25 NOT NULL,
	"commission_amount" integer DEFAULT 0 NOT NULL,
	"commission_months" integer DEFAULT 12 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_content" (
	"detail_label" text PRIMARY KEY NOT NULL,
	"title" text,
	"description" text,
	"long_description" text,
	"image_url" text,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reward_payouts" ADD COLUMN "affiliate_commission_id" uuid;--> statement-breakpoint
ALTER TABLE "reward_payouts" ADD COLUMN "payout_batch" text;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_customer_account_id_accounts_id_fk" FOREIGN KEY ("customer_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_customers" ADD CONSTRAINT "affiliate_customers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_customers" ADD CONSTRAINT "affiliate_customers_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliates" ADD CONSTRAINT "affiliates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliates" ADD CONSTRAINT "affiliates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_commissions_invoice_unique" ON "affiliate_commissions" USING btree ("customer_account_id","invoice_ref");--> statement-breakpoint
CREATE INDEX "affiliate_commissions_affiliate_idx" ON "affiliate_commissions" USING btree ("affiliate_id");--> statement-breakpoint
CREATE INDEX "affiliate_customers_affiliate_idx" ON "affiliate_customers" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_user_unique" ON "affiliates" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_tracking_label_unique" ON "affiliates" USING btree ("tracking_label");--> statement-breakpoint
ALTER TABLE "reward_payouts" ADD CONSTRAINT "reward_payouts_affiliate_commission_id_affiliate_commissions_id_fk" FOREIGN KEY ("affiliate_commission_id") REFERENCES "public"."affiliate_commissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reward_payouts_affiliate_sequence_unique" ON "reward_payouts" USING btree ("affiliate_commission_id","sequence");