CREATE TABLE "chain_blocks" (
	"network" text NOT NULL,
	"height" bigint NOT NULL,
	"hash" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_blocks_network_height_pk" PRIMARY KEY("network","height")
);
--> statement-breakpoint
CREATE TABLE "chain_followers" (
	"network" text PRIMARY KEY NOT NULL,
	"height" bigint,
	"hash" text,
	"tip_height" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_address_indexes" (
	"network" text NOT NULL,
	"user_id" integer NOT NULL,
	"derivation_index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_address_indexes_index_check" CHECK ("deposit_address_indexes"."derivation_index" >= 0)
);
--> statement-breakpoint
ALTER TABLE "chain_deposits" DROP CONSTRAINT "chain_deposits_status_check";--> statement-breakpoint
DROP INDEX "chain_deposits_txid_key";--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD COLUMN "output_index" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD COLUMN "block_height" bigint;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD COLUMN "block_hash" text;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD COLUMN "credited_block_hash" text;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD COLUMN "reversal_ledger_transaction_id" bigint;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD COLUMN "derivation_index" integer;--> statement-breakpoint
ALTER TABLE "deposit_address_indexes" ADD CONSTRAINT "deposit_address_indexes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_address_indexes_user_key" ON "deposit_address_indexes" USING btree ("network","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_address_indexes_index_key" ON "deposit_address_indexes" USING btree ("network","derivation_index");--> statement-breakpoint
CREATE INDEX "chain_deposits_unmined_idx" ON "chain_deposits" USING btree ("crypto_code","status") WHERE "chain_deposits"."block_hash" IS NULL;--> statement-breakpoint
CREATE INDEX "chain_deposits_block_idx" ON "chain_deposits" USING btree ("crypto_code","block_height") WHERE "chain_deposits"."block_height" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "chain_deposits_reversed_idx" ON "chain_deposits" USING btree ("reversed_at") WHERE "chain_deposits"."reversed_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_deposits_txid_key" ON "chain_deposits" USING btree ("crypto_code","txid","output_index");--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_output_index_check" CHECK ("chain_deposits"."output_index" >= 0);--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_status_check" CHECK ("chain_deposits"."status" IN ('pending', 'confirmed', 'reversed', 'dropped'));