CREATE TABLE "user_relations" (
	"user_id" integer NOT NULL,
	"target_user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_relations_user_id_target_user_id_pk" PRIMARY KEY("user_id","target_user_id"),
	CONSTRAINT "user_relations_kind_check" CHECK ("user_relations"."kind" IN ('trusted', 'blocked')),
	CONSTRAINT "user_relations_not_self_check" CHECK ("user_relations"."user_id" <> "user_relations"."target_user_id")
);
--> statement-breakpoint
CREATE TABLE "offer_favorites" (
	"user_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_favorites_user_id_offer_id_pk" PRIMARY KEY("user_id","offer_id")
);
--> statement-breakpoint
CREATE TABLE "offer_opening_hours" (
	"offer_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "offer_opening_hours_offer_id_day_start_minute_pk" PRIMARY KEY("offer_id","day","start_minute"),
	CONSTRAINT "offer_opening_hours_day_check" CHECK ("offer_opening_hours"."day" BETWEEN 1 AND 7),
	CONSTRAINT "offer_opening_hours_range_check" CHECK ("offer_opening_hours"."start_minute" >= 0 AND "offer_opening_hours"."start_minute" < "offer_opening_hours"."end_minute" AND "offer_opening_hours"."end_minute" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "offer_rate_snapshots" (
	"version" integer PRIMARY KEY NOT NULL,
	"crypto_usd" jsonb NOT NULL,
	"usd_fiat" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_tags" (
	"offer_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "offer_tags_offer_id_tag_id_pk" PRIMARY KEY("offer_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"area" text NOT NULL,
	"type" text NOT NULL,
	"crypto_code" text NOT NULL,
	"payment_method_id" integer NOT NULL,
	"payment_group_id" integer NOT NULL,
	"fiat_currency_code" text NOT NULL,
	"margin" numeric(10, 4),
	"fixed_price" numeric(30, 8),
	"amount_mode" text NOT NULL,
	"range_min" numeric(30, 8) NOT NULL,
	"range_max" numeric(30, 8) NOT NULL,
	"predefined_amounts" numeric(30, 8)[] DEFAULT '{}'::numeric[] NOT NULL,
	"new_buyer_max" numeric(30, 8),
	"payment_window" integer NOT NULL,
	"offer_terms" text DEFAULT '' NOT NULL,
	"trade_details" text DEFAULT '' NOT NULL,
	"payment_method_label" text DEFAULT '' NOT NULL,
	"require_verified_id" boolean DEFAULT false NOT NULL,
	"require_full_name" boolean DEFAULT false NOT NULL,
	"require_min_past_trades" integer,
	"block_vpn" boolean DEFAULT false NOT NULL,
	"is_trusted_only" boolean DEFAULT false NOT NULL,
	"country_list_mode" text DEFAULT 'all' NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"has_opening_hours" boolean DEFAULT false NOT NULL,
	"cap_amount" numeric(30, 8),
	"cap_active" boolean DEFAULT false NOT NULL,
	"gift_card_bin_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"card_regions" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"flow_type" text DEFAULT 'default' NOT NULL,
	"custom_rate" numeric(30, 8),
	"is_third_party_allowed" boolean DEFAULT false NOT NULL,
	"is_gift_code_check_enabled" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_type_check" CHECK ("offers"."type" IN ('buy', 'sell')),
	CONSTRAINT "offers_area_check" CHECK ("offers"."area" IN ('otc', 'silent-pool', 'gift-cards')),
	CONSTRAINT "offers_amount_mode_check" CHECK ("offers"."amount_mode" IN ('min_max', 'predefined')),
	CONSTRAINT "offers_flow_type_check" CHECK ("offers"."flow_type" IN ('default', 'gcc-auto', 'lite', 'bt-auto')),
	CONSTRAINT "offers_country_mode_check" CHECK ("offers"."country_list_mode" IN ('all', 'allow', 'deny')),
	CONSTRAINT "offers_price_check" CHECK (("offers"."margin" IS NULL) <> ("offers"."fixed_price" IS NULL)),
	CONSTRAINT "offers_fixed_price_check" CHECK ("offers"."fixed_price" IS NULL OR "offers"."fixed_price" > 0),
	CONSTRAINT "offers_range_check" CHECK ("offers"."range_min" > 0 AND "offers"."range_min" <= "offers"."range_max"),
	CONSTRAINT "offers_payment_window_check" CHECK ("offers"."payment_window" BETWEEN 30 AND 43200)
);
--> statement-breakpoint
ALTER TABLE "user_relations" ADD CONSTRAINT "user_relations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_relations" ADD CONSTRAINT "user_relations_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_favorites" ADD CONSTRAINT "offer_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_favorites" ADD CONSTRAINT "offer_favorites_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_opening_hours" ADD CONSTRAINT "offer_opening_hours_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_tags" ADD CONSTRAINT "offer_tags_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_tags" ADD CONSTRAINT "offer_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_relations_target_idx" ON "user_relations" USING btree ("target_user_id","kind");--> statement-breakpoint
CREATE INDEX "offer_tags_tag_idx" ON "offer_tags" USING btree ("tag_id","offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_hash_key" ON "offers" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "offers_user_idx" ON "offers" USING btree ("user_id","type","id");--> statement-breakpoint
CREATE INDEX "offers_search_idx" ON "offers" USING btree ("crypto_code","type","fiat_currency_code","payment_method_id","margin") WHERE "offers"."is_active";--> statement-breakpoint
CREATE INDEX "offers_search_method_idx" ON "offers" USING btree ("crypto_code","type","payment_method_id") WHERE "offers"."is_active";