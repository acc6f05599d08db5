CREATE TABLE "offer_moderation_appeals" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'appealed' NOT NULL,
	"rejected_by" integer,
	"rejection_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	CONSTRAINT "offer_moderation_appeals_status_check" CHECK ("offer_moderation_appeals"."status" IN ('appealed', 'upheld', 'rejected', 'withdrawn')),
	CONSTRAINT "offer_moderation_appeals_text_length_check" CHECK (char_length("offer_moderation_appeals"."text") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "moderated_by" integer;--> statement-breakpoint
ALTER TABLE "offer_moderation_appeals" ADD CONSTRAINT "offer_moderation_appeals_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_moderation_appeals" ADD CONSTRAINT "offer_moderation_appeals_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_moderation_appeals" ADD CONSTRAINT "offer_moderation_appeals_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_moderation_appeals" ADD CONSTRAINT "offer_moderation_appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_moderation_appeals_waiting_key" ON "offer_moderation_appeals" USING btree ("offer_id") WHERE "offer_moderation_appeals"."status" = 'appealed';--> statement-breakpoint
CREATE INDEX "offer_moderation_appeals_status_idx" ON "offer_moderation_appeals" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "offer_moderation_appeals_offer_idx" ON "offer_moderation_appeals" USING btree ("offer_id","id");--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;