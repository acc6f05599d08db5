ALTER TABLE "users" ADD COLUMN "bio" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_trade_messages_interval" smallint DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "full_name_visibility" text DEFAULT 'nobody' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "full_name_display" text DEFAULT 'first_name_initial' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_changed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;