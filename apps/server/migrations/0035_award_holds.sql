CREATE TABLE "ledger_holds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"crypto_code" text NOT NULL,
	"reference" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "ledger_holds_state_check" CHECK ("ledger_holds"."state" IN ('held', 'contested', 'released', 'reversed')),
	CONSTRAINT "ledger_holds_amount_check" CHECK ("ledger_holds"."amount" > 0),
	CONSTRAINT "ledger_holds_settled_check" CHECK (("ledger_holds"."state" IN ('released', 'reversed')) = ("ledger_holds"."settled_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_check";--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_holds_account_key" ON "ledger_holds" USING btree ("user_id","crypto_code","reference");--> statement-breakpoint
CREATE INDEX "ledger_holds_due_idx" ON "ledger_holds" USING btree ("release_at","id") WHERE "ledger_holds"."state" = 'held';--> statement-breakpoint
CREATE INDEX "ledger_holds_open_user_idx" ON "ledger_holds" USING btree ("user_id") WHERE "ledger_holds"."state" IN ('held', 'contested');--> statement-breakpoint
CREATE INDEX "ledger_holds_reference_idx" ON "ledger_holds" USING btree ("reference");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" IN ('available', 'escrow', 'bond', 'held', 'fees', 'world', 'outgoing'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."kind" IN ('available', 'escrow', 'bond', 'held')) = ("ledger_accounts"."user_id" IS NOT NULL));--> statement-breakpoint
-- Hand-written (issue 26, docs/decisions/0048-held-dispute-awards.md): a hold only moves forward and a
-- settled one never changes. held -> contested (an appeal was filed), held -> released (its date came),
-- contested -> released (the appeal was rejected), contested -> reversed (the appeal was upheld). Who
-- owns it, which coin, which trade and how much never change; rows are never deleted. Only `release_at`
-- of an open hold may move. The money itself is the `held` account's balance, guarded like every
-- other balance (CHECK >= 0, append-only entries, migration 0003).
CREATE OR REPLACE FUNCTION ledger_holds_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger holds are never deleted (hold %)', OLD.id USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.user_id <> OLD.user_id OR NEW.crypto_code <> OLD.crypto_code OR NEW.reference <> OLD.reference
    OR NEW.amount <> OLD.amount OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'hold % may not change its owner, coin, reference or amount', OLD.id
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.state IN ('released', 'reversed') THEN
    RAISE EXCEPTION 'hold % is % and may not change', OLD.id, OLD.state USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.state <> OLD.state AND NOT (
    (OLD.state = 'held' AND NEW.state IN ('contested', 'released'))
    OR (OLD.state = 'contested' AND NEW.state IN ('released', 'reversed'))) THEN
    RAISE EXCEPTION 'hold % may not go from % to %', OLD.id, OLD.state, NEW.state
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_holds_guard BEFORE UPDATE OR DELETE ON ledger_holds
  FOR EACH ROW EXECUTE FUNCTION ledger_holds_guard();
