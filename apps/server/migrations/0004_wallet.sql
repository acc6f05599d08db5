CREATE TABLE "bond_holds" (
	"user_id" integer NOT NULL,
	"crypto_code" text NOT NULL,
	"held_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"crypto_code" text NOT NULL,
	"address" text NOT NULL,
	"txid" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"required_confirmations" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"ledger_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "chain_deposits_amount_check" CHECK ("chain_deposits"."amount" > 0),
	CONSTRAINT "chain_deposits_status_check" CHECK ("chain_deposits"."status" IN ('pending', 'confirmed'))
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"crypto_code" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulated_chain_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"height" bigint DEFAULT 0 NOT NULL,
	"mined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"crypto_code" text NOT NULL,
	"kind" text NOT NULL,
	"address" text,
	"recipient_user_id" integer,
	"amount" numeric(78, 0) NOT NULL,
	"network_fee" numeric(78, 0) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"txid" text,
	"client_key" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "withdrawals_amount_check" CHECK ("withdrawals"."amount" > 0 AND "withdrawals"."network_fee" >= 0),
	CONSTRAINT "withdrawals_kind_check" CHECK ("withdrawals"."kind" IN ('external', 'internal')),
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" IN ('pending', 'completed', 'failed')),
	CONSTRAINT "withdrawals_target_check" CHECK (("withdrawals"."kind" = 'external' AND "withdrawals"."address" IS NOT NULL) OR ("withdrawals"."kind" = 'internal' AND "withdrawals"."recipient_user_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "bond_holds" ADD CONSTRAINT "bond_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bond_holds_user_coin_key" ON "bond_holds" USING btree ("user_id","crypto_code");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_deposits_txid_key" ON "chain_deposits" USING btree ("crypto_code","txid");--> statement-breakpoint
CREATE INDEX "chain_deposits_user_idx" ON "chain_deposits" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "chain_deposits_pending_idx" ON "chain_deposits" USING btree ("status") WHERE "chain_deposits"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_user_coin_key" ON "deposit_addresses" USING btree ("user_id","crypto_code");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_address_key" ON "deposit_addresses" USING btree ("crypto_code","address");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_public_id_key" ON "withdrawals" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_client_key" ON "withdrawals" USING btree ("user_id","client_key");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_pending_idx" ON "withdrawals" USING btree ("status") WHERE "withdrawals"."status" = 'pending';