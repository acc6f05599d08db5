CREATE TABLE "trade_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"uploader_id" integer NOT NULL,
	"requirement_id" integer,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"pages" integer,
	"original_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_attachments_kind_check" CHECK ("trade_attachments"."kind" IN ('image', 'pdf')),
	CONSTRAINT "trade_attachments_mime_check" CHECK ("trade_attachments"."mime" IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
	CONSTRAINT "trade_attachments_size_check" CHECK ("trade_attachments"."size" > 0),
	CONSTRAINT "trade_attachments_shape_check" CHECK (CASE "trade_attachments"."kind" WHEN 'image' THEN "trade_attachments"."width" > 0 AND "trade_attachments"."height" > 0 AND "trade_attachments"."pages" IS NULL
        ELSE "trade_attachments"."pages" > 0 AND "trade_attachments"."width" IS NULL AND "trade_attachments"."height" IS NULL END)
);
--> statement-breakpoint
CREATE TABLE "trade_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"recipient_id" integer NOT NULL,
	"rating" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"reply" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replied_at" timestamp with time zone,
	CONSTRAINT "trade_feedback_rating_check" CHECK ("trade_feedback"."rating" IN ('positive', 'negative')),
	CONSTRAINT "trade_feedback_parties_check" CHECK ("trade_feedback"."author_id" <> "trade_feedback"."recipient_id"),
	CONSTRAINT "trade_feedback_negative_message_check" CHECK ("trade_feedback"."rating" = 'positive' OR "trade_feedback"."message" <> ''),
	CONSTRAINT "trade_feedback_reply_check" CHECK (("trade_feedback"."reply" IS NULL) = ("trade_feedback"."replied_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "trade_attachments" ADD CONSTRAINT "trade_attachments_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_attachments" ADD CONSTRAINT "trade_attachments_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_attachments" ADD CONSTRAINT "trade_attachments_requirement_id_trade_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."trade_requirements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_feedback" ADD CONSTRAINT "trade_feedback_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_feedback" ADD CONSTRAINT "trade_feedback_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_feedback" ADD CONSTRAINT "trade_feedback_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_feedback" ADD CONSTRAINT "trade_feedback_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_attachments_storage_key_key" ON "trade_attachments" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "trade_attachments_trade_idx" ON "trade_attachments" USING btree ("trade_id","uploader_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_feedback_trade_author_key" ON "trade_feedback" USING btree ("trade_id","author_id");--> statement-breakpoint
CREATE INDEX "trade_feedback_recipient_idx" ON "trade_feedback" USING btree ("recipient_id","rating");--> statement-breakpoint
CREATE INDEX "trade_feedback_offer_idx" ON "trade_feedback" USING btree ("offer_id","recipient_id","rating","id");