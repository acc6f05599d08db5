ALTER TABLE "trade_disputes" ADD COLUMN "resolution_reason" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "request_hash" text;