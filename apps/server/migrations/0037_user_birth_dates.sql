CREATE TABLE "user_birth_dates" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"birth_date" date NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_birth_dates_range_check" CHECK ("user_birth_dates"."birth_date" >= DATE '1900-01-01')
);
--> statement-breakpoint
ALTER TABLE "user_birth_dates" ADD CONSTRAINT "user_birth_dates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;