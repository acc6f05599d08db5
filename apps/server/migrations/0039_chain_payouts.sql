CREATE TABLE "chain_payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"txid" text NOT NULL,
	"raw_tx" text NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"nonce" bigint,
	"replaces_id" bigint,
	"status" text DEFAULT 'broadcast' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "chain_payouts_fee_check" CHECK ("chain_payouts"."fee" >= 0),
	CONSTRAINT "chain_payouts_status_check" CHECK ("chain_payouts"."status" IN ('broadcast', 'confirmed', 'replaced', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status_check";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_payouts_txid_key" ON "chain_payouts" USING btree ("network","txid");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_payouts_live_nonce_key" ON "chain_payouts" USING btree ("network","nonce") WHERE "chain_payouts"."nonce" IS NOT NULL AND "chain_payouts"."status" IN ('broadcast', 'confirmed');--> statement-breakpoint
CREATE INDEX "chain_payouts_open_idx" ON "chain_payouts" USING btree ("network","status") WHERE "chain_payouts"."status" = 'broadcast';--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payout_id_chain_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."chain_payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawals_payout_idx" ON "withdrawals" USING btree ("payout_id") WHERE "withdrawals"."payout_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" IN ('awaiting_approval', 'pending', 'completed', 'rejected', 'failed'));