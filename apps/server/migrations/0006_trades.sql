CREATE TABLE "trade_disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"opened_by" integer NOT NULL,
	"opener_role" text NOT NULL,
	"reason_id" integer NOT NULL,
	"reason_text" text DEFAULT '' NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	"moderator_id" integer
);
--> statement-breakpoint
CREATE TABLE "trade_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"author_id" integer,
	"kind" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"system_event" text,
	"system_status" text,
	"attachment_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_messages_kind_check" CHECK ("trade_messages"."kind" IN ('user', 'system', 'attachment')),
	CONSTRAINT "trade_messages_author_check" CHECK (("trade_messages"."kind" = 'system') = ("trade_messages"."author_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "trade_policy_reads" (
	"trade_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"url" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_policy_reads_trade_id_user_id_url_pk" PRIMARY KEY("trade_id","user_id","url")
);
--> statement-breakpoint
CREATE TABLE "trade_requirements" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"type" text NOT NULL,
	"step" text NOT NULL,
	"optional" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_requirements_status_check" CHECK ("trade_requirements"."status" IN ('pending', 'uploaded', 'approved', 'rejected', 'corrupted'))
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"offer_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"offer_type" text NOT NULL,
	"crypto_code" text NOT NULL,
	"fiat_currency_code" text NOT NULL,
	"payment_method_id" integer NOT NULL,
	"payment_method_label" text DEFAULT '' NOT NULL,
	"flow_type" text DEFAULT 'default' NOT NULL,
	"fiat_amount" numeric(30, 8) NOT NULL,
	"fiat_price" numeric(30, 8) NOT NULL,
	"fiat_amount_usd" numeric(30, 8) NOT NULL,
	"crypto_amount" numeric(78, 0) NOT NULL,
	"fee_percent" numeric(8, 4) NOT NULL,
	"fee_amount" numeric(78, 0) NOT NULL,
	"escrow_amount" numeric(78, 0) NOT NULL,
	"buyer_receives" numeric(78, 0) NOT NULL,
	"status" text NOT NULL,
	"payment_window" integer NOT NULL,
	"offer_terms" text DEFAULT '' NOT NULL,
	"payment_details" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"dispute_available_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"buyer_ip" text,
	"seller_ip" text,
	"buyer_seen_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trades_status_check" CHECK ("trades"."status" IN ('not_funded', 'funds_processing', 'funds_processed', 'active_funded', 'pending', 'paid', 'released', 'cancelled', 'cancelled_buyer', 'cancelled_seller', 'cancelled_system', 'expired', 'dispute_open', 'dispute_awarded', 'dispute_won_buyer', 'dispute_won_seller')),
	CONSTRAINT "trades_offer_type_check" CHECK ("trades"."offer_type" IN ('buy', 'sell')),
	CONSTRAINT "trades_parties_check" CHECK ("trades"."buyer_id" <> "trades"."seller_id"),
	CONSTRAINT "trades_owner_check" CHECK ("trades"."owner_id" IN ("trades"."buyer_id", "trades"."seller_id")),
	CONSTRAINT "trades_amounts_check" CHECK ("trades"."crypto_amount" > 0 AND "trades"."fee_amount" >= 0 AND "trades"."buyer_receives" > 0 AND "trades"."escrow_amount" = "trades"."buyer_receives" + "trades"."fee_amount"),
	CONSTRAINT "trades_fiat_check" CHECK ("trades"."fiat_amount" > 0 AND "trades"."fiat_price" > 0)
);
--> statement-breakpoint
ALTER TABLE "trade_disputes" ADD CONSTRAINT "trade_disputes_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_disputes" ADD CONSTRAINT "trade_disputes_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_disputes" ADD CONSTRAINT "trade_disputes_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_messages" ADD CONSTRAINT "trade_messages_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_messages" ADD CONSTRAINT "trade_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_policy_reads" ADD CONSTRAINT "trade_policy_reads_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_policy_reads" ADD CONSTRAINT "trade_policy_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_requirements" ADD CONSTRAINT "trade_requirements_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_disputes_trade_key" ON "trade_disputes" USING btree ("trade_id");--> statement-breakpoint
CREATE INDEX "trade_messages_trade_idx" ON "trade_messages" USING btree ("trade_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_requirements_trade_type_key" ON "trade_requirements" USING btree ("trade_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "trades_hash_key" ON "trades" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "trades_expiry_idx" ON "trades" USING btree ("expires_at") WHERE "trades"."status" = 'active_funded';--> statement-breakpoint
CREATE INDEX "trades_buyer_idx" ON "trades" USING btree ("buyer_id","id");--> statement-breakpoint
CREATE INDEX "trades_seller_idx" ON "trades" USING btree ("seller_id","id");--> statement-breakpoint
CREATE INDEX "trades_offer_idx" ON "trades" USING btree ("offer_id","status");