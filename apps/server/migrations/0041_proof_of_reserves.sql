CREATE TABLE "reserves_addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"snapshot_id" bigint NOT NULL,
	"network" text NOT NULL,
	"crypto_code" text NOT NULL,
	"place" text NOT NULL,
	"address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"scheme" text,
	"message" text,
	"signature" text,
	CONSTRAINT "reserves_addresses_amount_check" CHECK ("reserves_addresses"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reserves_leaves" (
	"snapshot_id" bigint NOT NULL,
	"crypto_code" text NOT NULL,
	"idx" integer NOT NULL,
	"user_id" integer NOT NULL,
	"account" text NOT NULL,
	"salt" text NOT NULL,
	"balance" numeric(78, 0) NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "reserves_leaves_snapshot_id_crypto_code_idx_pk" PRIMARY KEY("snapshot_id","crypto_code","idx"),
	CONSTRAINT "reserves_leaves_balance_check" CHECK ("reserves_leaves"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reserves_nodes" (
	"snapshot_id" bigint NOT NULL,
	"crypto_code" text NOT NULL,
	"level" integer NOT NULL,
	"idx" integer NOT NULL,
	"hash" text NOT NULL,
	"sum" numeric(78, 0) NOT NULL,
	CONSTRAINT "reserves_nodes_snapshot_id_crypto_code_level_idx_pk" PRIMARY KEY("snapshot_id","crypto_code","level","idx")
);
--> statement-breakpoint
CREATE TABLE "reserves_snapshots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'building' NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "reserves_snapshots_state_check" CHECK ("reserves_snapshots"."state" IN ('building', 'published')),
	CONSTRAINT "reserves_snapshots_published_check" CHECK (("reserves_snapshots"."state" = 'published') = ("reserves_snapshots"."published_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "reserves_trees" (
	"snapshot_id" bigint NOT NULL,
	"crypto_code" text NOT NULL,
	"root_hash" text NOT NULL,
	"total" numeric(78, 0) NOT NULL,
	"leaf_count" integer NOT NULL,
	"owed_count" integer DEFAULT 0 NOT NULL,
	"owed" numeric(78, 0) DEFAULT '0' NOT NULL,
	"custody" text NOT NULL,
	CONSTRAINT "reserves_trees_snapshot_id_crypto_code_pk" PRIMARY KEY("snapshot_id","crypto_code"),
	CONSTRAINT "reserves_trees_custody_check" CHECK ("reserves_trees"."custody" IN ('chain', 'simulated', 'none')),
	CONSTRAINT "reserves_trees_amounts_check" CHECK ("reserves_trees"."total" >= 0 AND "reserves_trees"."owed" >= 0 AND "reserves_trees"."leaf_count" > 0)
);
--> statement-breakpoint
ALTER TABLE "reserves_addresses" ADD CONSTRAINT "reserves_addresses_snapshot_id_reserves_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."reserves_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserves_leaves" ADD CONSTRAINT "reserves_leaves_snapshot_id_reserves_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."reserves_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserves_leaves" ADD CONSTRAINT "reserves_leaves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserves_nodes" ADD CONSTRAINT "reserves_nodes_snapshot_id_reserves_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."reserves_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserves_trees" ADD CONSTRAINT "reserves_trees_snapshot_id_reserves_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."reserves_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reserves_addresses_snapshot_idx" ON "reserves_addresses" USING btree ("snapshot_id","crypto_code");--> statement-breakpoint
CREATE INDEX "reserves_leaves_user_idx" ON "reserves_leaves" USING btree ("user_id","snapshot_id");--> statement-breakpoint
CREATE INDEX "reserves_snapshots_published_idx" ON "reserves_snapshots" USING btree ("id") WHERE "reserves_snapshots"."state" = 'published';