CREATE TABLE "chain_payout_inputs" (
	"network" text NOT NULL,
	"txid" text NOT NULL,
	"vout" integer NOT NULL,
	"value" numeric(78, 0) NOT NULL,
	"payout_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_payout_inputs_value_check" CHECK ("chain_payout_inputs"."value" > 0 AND "chain_payout_inputs"."vout" >= 0)
);
--> statement-breakpoint
CREATE TABLE "chain_payout_locks" (
	"network" text PRIMARY KEY NOT NULL,
	"last_batch_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "chain_payout_inputs" ADD CONSTRAINT "chain_payout_inputs_payout_id_chain_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."chain_payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_payout_inputs_outpoint_key" ON "chain_payout_inputs" USING btree ("network","txid","vout");--> statement-breakpoint
CREATE INDEX "chain_payout_inputs_payout_idx" ON "chain_payout_inputs" USING btree ("payout_id");