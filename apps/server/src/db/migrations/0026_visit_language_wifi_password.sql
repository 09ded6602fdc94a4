ALTER TABLE "content_items" ADD COLUMN "password_restricted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "guide_visits" ADD COLUMN "language" text;