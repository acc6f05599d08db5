CREATE TABLE "offer_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"reporter_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"reason" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_reports_reason_check" CHECK ("offer_reports"."reason" IN ('outside_escrow', 'bad_offer_terms', 'obvious_scam', 'negotiation', 'other')),
	CONSTRAINT "offer_reports_message_length_check" CHECK (char_length("offer_reports"."message") <= 1000)
);
--> statement-breakpoint
DROP INDEX "offers_search_idx";--> statement-breakpoint
ALTER TABLE "offer_reports" ADD CONSTRAINT "offer_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_reports" ADD CONSTRAINT "offer_reports_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_reports_reporter_offer_key" ON "offer_reports" USING btree ("reporter_id","offer_id");--> statement-breakpoint
CREATE INDEX "offer_reports_reporter_created_idx" ON "offer_reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE INDEX "offer_reports_offer_idx" ON "offer_reports" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "offers_margin_idx" ON "offers" USING btree ("crypto_code","type","margin","id") WHERE "offers"."is_active" AND "offers"."fixed_price" IS NULL;--> statement-breakpoint
CREATE INDEX "offers_margin_currency_idx" ON "offers" USING btree ("crypto_code","type","fiat_currency_code","margin","id") WHERE "offers"."is_active" AND "offers"."fixed_price" IS NULL;--> statement-breakpoint
CREATE INDEX "offers_margin_method_idx" ON "offers" USING btree ("crypto_code","type","fiat_currency_code","payment_method_id","margin","id") WHERE "offers"."is_active" AND "offers"."fixed_price" IS NULL;--> statement-breakpoint
CREATE INDEX "offers_fixed_currency_idx" ON "offers" USING btree ("crypto_code","type","fiat_currency_code","fixed_price","id") WHERE "offers"."is_active" AND "offers"."fixed_price" IS NOT NULL;