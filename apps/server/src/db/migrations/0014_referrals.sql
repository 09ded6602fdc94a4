CREATE TABLE "referral_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_user_id" uuid NOT NULL,
	"referrer_account_id" uuid NOT NULL,
	"referred_account_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"cycle" text NOT NULL,
	"first_paid_at" timestamp with time zone NOT NULL,
	"confirmable_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"programme" text DEFAULT 'referral' NOT NULL,
	"beneficiary_account_id" uuid NOT NULL,
	"referral_reward_id" uuid,
	"sequence" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"claimable_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"voucher_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "card_fingerprint" text;--> statement-breakpoint
ALTER TABLE "referral_clicks" ADD CONSTRAINT "referral_clicks_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referrer_account_id_accounts_id_fk" FOREIGN KEY ("referrer_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referred_account_id_accounts_id_fk" FOREIGN KEY ("referred_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_payouts" ADD CONSTRAINT "reward_payouts_beneficiary_account_id_accounts_id_fk" FOREIGN KEY ("beneficiary_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_payouts" ADD CONSTRAINT "reward_payouts_referral_reward_id_referral_rewards_id_fk" FOREIGN KEY ("referral_reward_id") REFERENCES "public"."referral_rewards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_clicks_visitor_unique" ON "referral_clicks" USING btree ("referrer_user_id","day","visitor_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_referred_unique" ON "referral_rewards" USING btree ("referred_account_id");--> statement-breakpoint
CREATE INDEX "referral_rewards_referrer_idx" ON "referral_rewards" USING btree ("referrer_user_id");--> statement-breakpoint
CREATE INDEX "referral_rewards_pending_idx" ON "referral_rewards" USING btree ("confirmable_at") WHERE "referral_rewards"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "reward_payouts_referral_sequence_unique" ON "reward_payouts" USING btree ("referral_reward_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_payouts_voucher_unique" ON "reward_payouts" USING btree ("voucher_code");--> statement-breakpoint
CREATE INDEX "reward_payouts_due_idx" ON "reward_payouts" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "reward_payouts_expiry_idx" ON "reward_payouts" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "users_referred_by_idx" ON "users" USING btree ("referred_by_user_id","created_at");