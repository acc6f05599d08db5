CREATE TABLE "evm_sweeps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"forwarder_index" bigint NOT NULL,
	"forwarder" text NOT NULL,
	"payout_id" bigint NOT NULL,
	"eth_amount" numeric(78, 0) DEFAULT '0' NOT NULL,
	"token_amounts" text DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evm_sweeps" ADD CONSTRAINT "evm_sweeps_payout_id_chain_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."chain_payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evm_sweeps_payout_key" ON "evm_sweeps" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "evm_sweeps_forwarder_idx" ON "evm_sweeps" USING btree ("forwarder_index","id");