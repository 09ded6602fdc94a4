ALTER TABLE "message_rules" ADD COLUMN "planning_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_rules" ADD COLUMN "planning_after" uuid;