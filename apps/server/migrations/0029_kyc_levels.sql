CREATE TABLE "user_kyc" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"id_document_at" timestamp with time zone,
	"selfie_at" timestamp with time zone,
	"address_at" timestamp with time zone,
	"video_at" timestamp with time zone,
	"video_status" text,
	"company_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_kyc_video_status_check" CHECK ("user_kyc"."video_status" IS NULL OR "user_kyc"."video_status" IN ('pending', 'approved', 'rejected', 'allowed', 'forced'))
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "amount_usd" numeric(30, 8);--> statement-breakpoint
ALTER TABLE "user_kyc" ADD CONSTRAINT "user_kyc_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawals_user_created_idx" ON "withdrawals" USING btree ("user_id","created_at");