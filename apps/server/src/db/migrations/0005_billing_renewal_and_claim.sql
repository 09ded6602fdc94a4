ALTER TABLE "billing_accounts" ADD COLUMN "subscribe_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "local_subscriptions" ADD COLUMN "renewal_amount" integer;