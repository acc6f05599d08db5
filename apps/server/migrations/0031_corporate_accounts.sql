CREATE TABLE "corporate_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"business_name" text DEFAULT '' NOT NULL,
	"registration_number" text NOT NULL,
	"country_iso3" text NOT NULL,
	"name_display" text DEFAULT 'legal_entity' NOT NULL,
	"postponed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "corporate_accounts_name_display_check" CHECK ("corporate_accounts"."name_display" IN ('legal_entity', 'business_name'))
);
--> statement-breakpoint
ALTER TABLE "corporate_accounts" ADD CONSTRAINT "corporate_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;