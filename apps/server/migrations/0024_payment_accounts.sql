CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"is_personal" boolean NOT NULL,
	"country_code" text NOT NULL,
	"fiat_currency_code" text NOT NULL,
	"holder_name" text NOT NULL,
	"account_number" text NOT NULL,
	"iban" text,
	"routing_number" text,
	"bank_id" text,
	"bank_name" text NOT NULL,
	"swift_code" text,
	"ifsc" text,
	"clabe" text,
	"swift_recipient" jsonb,
	"additional_info" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_accounts_country_check" CHECK ("bank_accounts"."country_code" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "mobile_money_wallets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"payment_method_id" integer NOT NULL,
	"country_code" text NOT NULL,
	"phone_number" text NOT NULL,
	"holder_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mobile_money_wallets_country_check" CHECK ("mobile_money_wallets"."country_code" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "offer_payment_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"bank_account_id" integer,
	"mobile_money_wallet_id" integer,
	CONSTRAINT "offer_payment_accounts_one_check" CHECK (("offer_payment_accounts"."bank_account_id" IS NULL) <> ("offer_payment_accounts"."mobile_money_wallet_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "payment_accounts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_money_wallets" ADD CONSTRAINT "mobile_money_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_money_wallets" ADD CONSTRAINT "mobile_money_wallets_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_payment_accounts" ADD CONSTRAINT "offer_payment_accounts_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_payment_accounts" ADD CONSTRAINT "offer_payment_accounts_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_payment_accounts" ADD CONSTRAINT "offer_payment_accounts_mobile_money_wallet_id_mobile_money_wallets_id_fk" FOREIGN KEY ("mobile_money_wallet_id") REFERENCES "public"."mobile_money_wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_user_idx" ON "bank_accounts" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_user_number_key" ON "bank_accounts" USING btree ("user_id","country_code","account_number");--> statement-breakpoint
CREATE INDEX "mobile_money_wallets_user_idx" ON "mobile_money_wallets" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mobile_money_wallets_user_number_key" ON "mobile_money_wallets" USING btree ("user_id","payment_method_id","phone_number");--> statement-breakpoint
CREATE INDEX "offer_payment_accounts_offer_idx" ON "offer_payment_accounts" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_payment_accounts_bank_key" ON "offer_payment_accounts" USING btree ("offer_id","bank_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_payment_accounts_wallet_key" ON "offer_payment_accounts" USING btree ("offer_id","mobile_money_wallet_id");--> statement-breakpoint
CREATE INDEX "offer_payment_accounts_bank_idx" ON "offer_payment_accounts" USING btree ("bank_account_id");--> statement-breakpoint
CREATE INDEX "offer_payment_accounts_wallet_idx" ON "offer_payment_accounts" USING btree ("mobile_money_wallet_id");