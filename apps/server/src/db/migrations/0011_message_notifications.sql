ALTER TABLE "conversation_messages" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "host_notified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "conversation_messages_unnotified_idx" ON "conversation_messages" USING btree ("created_at") WHERE "conversation_messages"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "conversations_unnotified_idx" ON "conversations" USING btree ("created_at") WHERE "conversations"."host_notified_at" is null;