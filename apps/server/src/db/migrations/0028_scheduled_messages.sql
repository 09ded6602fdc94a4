CREATE TABLE "message_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"trigger" text NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"at_time" text DEFAULT '10:00' NOT NULL,
	"property_ids" jsonb,
	"channel" text DEFAULT 'email' NOT NULL,
	"texts" jsonb NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"suggestion" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_message_opt_outs" (
	"stay_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"stay_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivery" text,
	"language" text,
	"recipient" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "stay_id" uuid;--> statement-breakpoint
ALTER TABLE "message_rules" ADD CONSTRAINT "message_rules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_message_opt_outs" ADD CONSTRAINT "scheduled_message_opt_outs_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_message_opt_outs" ADD CONSTRAINT "scheduled_message_opt_outs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_messages" ADD CONSTRAINT "scheduled_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_messages" ADD CONSTRAINT "scheduled_messages_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_messages" ADD CONSTRAINT "scheduled_messages_rule_id_message_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."message_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_rules_account_idx" ON "message_rules" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_rules_suggestion_unique" ON "message_rules" USING btree ("account_id","suggestion") WHERE "message_rules"."suggestion" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_messages_stay_rule_unique" ON "scheduled_messages" USING btree ("stay_id","rule_id");--> statement-breakpoint
CREATE INDEX "scheduled_messages_due_idx" ON "scheduled_messages" USING btree ("due_at") WHERE "scheduled_messages"."status" in ('scheduled', 'sending');--> statement-breakpoint
CREATE INDEX "scheduled_messages_rule_idx" ON "scheduled_messages" USING btree ("rule_id");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_stay_unique" ON "conversations" USING btree ("stay_id") WHERE "conversations"."stay_id" is not null;