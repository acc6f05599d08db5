CREATE TABLE "trade_record_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"message_id" bigint,
	"at" text NOT NULL,
	"payload" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_record_entries_kind_check" CHECK ("trade_record_entries"."kind" IN ('chain_started', 'trade_opened', 'status_changed', 'message', 'attachment')),
	CONSTRAINT "trade_record_entries_seq_check" CHECK ("trade_record_entries"."seq" >= 1)
);
--> statement-breakpoint
ALTER TABLE "trade_record_entries" ADD CONSTRAINT "trade_record_entries_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_record_entries_trade_seq_key" ON "trade_record_entries" USING btree ("trade_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_record_entries_message_key" ON "trade_record_entries" USING btree ("message_id") WHERE "trade_record_entries"."message_id" IS NOT NULL;