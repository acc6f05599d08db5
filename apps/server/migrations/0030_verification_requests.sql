CREATE TABLE "verification_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"side" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"storage_key" text,
	"mime" text,
	"size" bigint,
	"reason" text,
	"uploaded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_documents_side_check" CHECK ("verification_documents"."side" IN ('front', 'back', 'selfie', 'address', 'company')),
	CONSTRAINT "verification_documents_status_check" CHECK ("verification_documents"."status" IN ('approved', 'rejected', 'pending', 'uploaded', 'corrupted'))
);
--> statement-breakpoint
CREATE TABLE "verification_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"provider" text DEFAULT 'manual' NOT NULL,
	"provider_reference" text,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"reason" text,
	"expires_at" timestamp with time zone NOT NULL,
	"erase_after" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_requests_type_check" CHECK ("verification_requests"."type" IN ('id', 'address', 'video', 'company')),
	CONSTRAINT "verification_requests_status_check" CHECK ("verification_requests"."status" IN ('pending', 'expired', 'approved', 'denied'))
);
--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_request_id_verification_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."verification_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_documents_side_key" ON "verification_documents" USING btree ("request_id","side");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_requests_one_pending_key" ON "verification_requests" USING btree ("user_id","type") WHERE "verification_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "verification_requests_user_idx" ON "verification_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "verification_requests_queue_idx" ON "verification_requests" USING btree ("submitted_at") WHERE "verification_requests"."status" = 'pending' AND "verification_requests"."submitted_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_requests_provider_key" ON "verification_requests" USING btree ("provider","provider_reference") WHERE "verification_requests"."provider_reference" IS NOT NULL;