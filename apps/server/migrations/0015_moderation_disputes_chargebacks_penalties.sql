CREATE TABLE "chargeback_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"reporter_id" integer NOT NULL,
	"accused_id" integer NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	CONSTRAINT "chargeback_reports_status_check" CHECK ("chargeback_reports"."status" IN ('Pending', 'Dismissed', 'Confirmed'))
);
--> statement-breakpoint
CREATE TABLE "dispute_appeals" (
	"id" serial PRIMARY KEY NOT NULL,
	"dispute_id" integer NOT NULL,
	"trade_id" integer NOT NULL,
	"appellant_id" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'appealed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_to" integer,
	"assigned_at" timestamp with time zone,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"reversed_units" numeric(78, 0),
	"shortfall_units" numeric(78, 0),
	CONSTRAINT "dispute_appeals_status_check" CHECK ("dispute_appeals"."status" IN ('appealed', 'upheld', 'rejected')),
	CONSTRAINT "dispute_appeals_reason_length_check" CHECK (char_length("dispute_appeals"."reason") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "moderation_status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "penalty_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "penalty_reason" text;--> statement-breakpoint
ALTER TABLE "offer_reports" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_reports" ADD COLUMN "handled_by" integer;--> statement-breakpoint
ALTER TABLE "offer_reports" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offer_reports" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "trade_disputes" ADD COLUMN "assigned_to" integer;--> statement-breakpoint
ALTER TABLE "trade_disputes" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chargeback_reports" ADD CONSTRAINT "chargeback_reports_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chargeback_reports" ADD CONSTRAINT "chargeback_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chargeback_reports" ADD CONSTRAINT "chargeback_reports_accused_id_users_id_fk" FOREIGN KEY ("accused_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chargeback_reports" ADD CONSTRAINT "chargeback_reports_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_appeals" ADD CONSTRAINT "dispute_appeals_dispute_id_trade_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."trade_disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_appeals" ADD CONSTRAINT "dispute_appeals_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_appeals" ADD CONSTRAINT "dispute_appeals_appellant_id_users_id_fk" FOREIGN KEY ("appellant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_appeals" ADD CONSTRAINT "dispute_appeals_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_appeals" ADD CONSTRAINT "dispute_appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chargeback_reports_trade_reporter_key" ON "chargeback_reports" USING btree ("trade_id","reporter_id");--> statement-breakpoint
CREATE INDEX "chargeback_reports_status_idx" ON "chargeback_reports" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "chargeback_reports_accused_idx" ON "chargeback_reports" USING btree ("accused_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dispute_appeals_dispute_key" ON "dispute_appeals" USING btree ("dispute_id");--> statement-breakpoint
CREATE INDEX "dispute_appeals_open_idx" ON "dispute_appeals" USING btree ("created_at","id") WHERE "dispute_appeals"."status" = 'appealed';--> statement-breakpoint
ALTER TABLE "offer_reports" ADD CONSTRAINT "offer_reports_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_disputes" ADD CONSTRAINT "trade_disputes_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_reports_open_idx" ON "offer_reports" USING btree ("created_at","id") WHERE "offer_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "trade_disputes_open_idx" ON "trade_disputes" USING btree ("opened_at","id") WHERE "trade_disputes"."resolved_at" IS NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_moderation_status_check" CHECK ("offers"."moderation_status" IN (1, 2, 3, 4));--> statement-breakpoint
ALTER TABLE "offer_reports" ADD CONSTRAINT "offer_reports_status_check" CHECK ("offer_reports"."status" IN ('open', 'dismissed', 'actioned'));