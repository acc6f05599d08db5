CREATE TABLE "catalogue_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_state_single_row" CHECK ("catalogue_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" integer PRIMARY KEY NOT NULL,
	"iso" text NOT NULL,
	"iso3" text NOT NULL,
	"slug" text NOT NULL,
	"names" jsonb NOT NULL,
	"phone_code" text NOT NULL,
	"currency_code" text,
	"is_kyc_supported" boolean NOT NULL,
	"is_important" boolean NOT NULL,
	"important_order" integer,
	"is_phone_verification_supported" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crypto_currencies" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"url_param" text NOT NULL,
	"full_name" text NOT NULL,
	"short_name" text NOT NULL,
	"icon" text NOT NULL,
	"decimals" integer NOT NULL,
	"formatting_decimals_count" integer NOT NULL,
	"is_stablecoin" boolean NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"excluded_offer_features" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiat_currencies" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"numeric_code" text NOT NULL,
	"names" jsonb NOT NULL,
	"precision" integer NOT NULL,
	"symbol" text NOT NULL,
	"kind" text NOT NULL,
	"popular_order" integer,
	CONSTRAINT "fiat_currencies_kind_check" CHECK ("fiat_currencies"."kind" IN ('fiat', 'metal', 'fund', 'special')),
	CONSTRAINT "fiat_currencies_precision_check" CHECK ("fiat_currencies"."precision" BETWEEN 0 AND 8)
);
--> statement-breakpoint
CREATE TABLE "gift_card_regions" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"names" jsonb NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_method_groups" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"names" jsonb NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"original_name" text NOT NULL,
	"names" jsonb NOT NULL,
	"group_id" integer NOT NULL,
	"icon_name" text NOT NULL,
	"is_bin_code_enabled" boolean DEFAULT false NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_slug_check" CHECK ("payment_methods"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "popular_payment_methods" (
	"side" text NOT NULL,
	"scope" text NOT NULL,
	"scope_key" text NOT NULL,
	"position" integer NOT NULL,
	"payment_method_id" integer NOT NULL,
	CONSTRAINT "popular_payment_methods_side_scope_scope_key_position_pk" PRIMARY KEY("side","scope","scope_key","position"),
	CONSTRAINT "popular_payment_methods_side_check" CHECK ("popular_payment_methods"."side" IN ('buy', 'sell')),
	CONSTRAINT "popular_payment_methods_scope_check" CHECK ("popular_payment_methods"."scope" IN ('country', 'group'))
);
--> statement-breakpoint
CREATE TABLE "tag_groups" (
	"tag_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "tag_groups_tag_id_group_id_pk" PRIMARY KEY("tag_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "tag_payment_methods" (
	"tag_id" integer NOT NULL,
	"payment_method_id" integer NOT NULL,
	CONSTRAINT "tag_payment_methods_tag_id_payment_method_id_pk" PRIMARY KEY("tag_id","payment_method_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"names" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"applies_to_all" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "current_rates" (
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"anchor" numeric(38, 18) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "current_rates_base_quote_pk" PRIMARY KEY("base","quote"),
	CONSTRAINT "current_rates_rate_positive" CHECK ("current_rates"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "rate_history" (
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"granularity" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	CONSTRAINT "rate_history_base_quote_granularity_bucket_pk" PRIMARY KEY("base","quote","granularity","bucket"),
	CONSTRAINT "rate_history_granularity_check" CHECK ("rate_history"."granularity" IN ('hour', 'day')),
	CONSTRAINT "rate_history_rate_positive" CHECK ("rate_history"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "rates_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"last_tick_at" timestamp with time zone DEFAULT now() NOT NULL,
	"provider" text DEFAULT 'simulated' NOT NULL,
	CONSTRAINT "rates_state_single_row" CHECK ("rates_state"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_group_id_payment_method_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."payment_method_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popular_payment_methods" ADD CONSTRAINT "popular_payment_methods_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_groups" ADD CONSTRAINT "tag_groups_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_groups" ADD CONSTRAINT "tag_groups_group_id_payment_method_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."payment_method_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_payment_methods" ADD CONSTRAINT "tag_payment_methods_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_payment_methods" ADD CONSTRAINT "tag_payment_methods_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "countries_iso_key" ON "countries" USING btree ("iso");--> statement-breakpoint
CREATE UNIQUE INDEX "countries_slug_key" ON "countries" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_currencies_code_key" ON "crypto_currencies" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_currencies_url_param_key" ON "crypto_currencies" USING btree ("url_param");--> statement-breakpoint
CREATE UNIQUE INDEX "fiat_currencies_code_key" ON "fiat_currencies" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_regions_slug_key" ON "gift_card_regions" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_method_groups_slug_key" ON "payment_method_groups" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_slug_key" ON "payment_methods" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "payment_methods_group_id_idx" ON "payment_methods" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_slug_key" ON "tags" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "rate_history_bucket_idx" ON "rate_history" USING btree ("granularity","bucket");