CREATE TABLE "admin_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target" text,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_accounts" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"customer_ref" text,
	"subscription_ref" text,
	"status" text,
	"plan_key" text,
	"cycle" text,
	"currency" text,
	"quantity" integer,
	"amount" integer,
	"coupon_code" text,
	"current_period_end" timestamp with time zone,
	"trial_end" timestamp with time zone,
	"subscribed_at" timestamp with time zone,
	"card_ref" text,
	"card_brand" text,
	"card_last4" text,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"price_list" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"catalogue" text NOT NULL,
	"name" text NOT NULL,
	"unit_label" text NOT NULL,
	"cycle" text NOT NULL,
	"currency" text NOT NULL,
	"pricing" jsonb NOT NULL,
	"renewal_pricing" jsonb,
	"save_message" text,
	"special_offer" text,
	"provider_price_ref" text,
	"to_be_confirmed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cancellation_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"tel" text NOT NULL,
	"request" text NOT NULL,
	"reason" text NOT NULL,
	"message" text,
	"status" text DEFAULT 'received' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_ref" text NOT NULL,
	"customer_ref" text NOT NULL,
	"currency" text NOT NULL,
	"amount_due" integer NOT NULL,
	"amount_paid" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_ref" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_ref" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"cycle" text NOT NULL,
	"quantity" integer NOT NULL,
	"amount" integer NOT NULL,
	"coupon_percent_off" integer,
	"coupon_months" integer,
	"payment_method_ref" text,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"trial_end" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"next_retry_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid,
	"user_id" uuid,
	"kind" text NOT NULL,
	"error_message" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trial_notices" (
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"trial_ends_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_requests" ADD CONSTRAINT "cancellation_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_requests" ADD CONSTRAINT "cancellation_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_alerts" ADD CONSTRAINT "subscription_alerts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_alerts" ADD CONSTRAINT "subscription_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_notices" ADD CONSTRAINT "trial_notices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "billing_accounts_customer_idx" ON "billing_accounts" USING btree ("customer_ref");--> statement-breakpoint
CREATE INDEX "billing_accounts_subscription_idx" ON "billing_accounts" USING btree ("subscription_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_plans_key_unique" ON "billing_plans" USING btree ("key");--> statement-breakpoint
CREATE INDEX "billing_plans_catalogue_idx" ON "billing_plans" USING btree ("catalogue");--> statement-breakpoint
CREATE INDEX "cancellation_requests_status_idx" ON "cancellation_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "local_invoices_customer_idx" ON "local_invoices" USING btree ("customer_ref","created_at");--> statement-breakpoint
CREATE INDEX "local_subscriptions_due_idx" ON "local_subscriptions" USING btree ("current_period_end") WHERE "local_subscriptions"."status" in ('trialing','active','past_due');--> statement-breakpoint
CREATE INDEX "subscription_alerts_created_idx" ON "subscription_alerts" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trial_notices_once" ON "trial_notices" USING btree ("account_id","kind","trial_ends_at");