CREATE TABLE "user_trade_partners" (
	"user_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	CONSTRAINT "user_trade_partners_user_id_partner_id_pk" PRIMARY KEY("user_id","partner_id")
);
--> statement-breakpoint
CREATE TABLE "user_trade_stats" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"trades" integer DEFAULT 0 NOT NULL,
	"partners" integer DEFAULT 0 NOT NULL,
	"btc" numeric(78, 0) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_trade_partners" ADD CONSTRAINT "user_trade_partners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_trade_partners" ADD CONSTRAINT "user_trade_partners_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_trade_stats" ADD CONSTRAINT "user_trade_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Issue 13: counted when a trade enters a released status (the state machine has no way out of one).
-- Rows are written in user order so two releases between the same two people, in opposite roles, lock
-- them in the same order and cannot deadlock.
CREATE OR REPLACE FUNCTION trades_count_released() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('released', 'dispute_won_buyer')
     AND (TG_OP = 'INSERT' OR OLD.status NOT IN ('released', 'dispute_won_buyer')) THEN
    WITH sides AS (
      SELECT * FROM (VALUES (NEW.buyer_id, NEW.seller_id), (NEW.seller_id, NEW.buyer_id)) AS v(user_id, partner_id)
    ), pairs AS (
      INSERT INTO user_trade_partners (user_id, partner_id)
      SELECT user_id, partner_id FROM sides ORDER BY user_id
      ON CONFLICT DO NOTHING RETURNING user_id
    )
    INSERT INTO user_trade_stats AS s (user_id, trades, partners, btc)
    SELECT sides.user_id, 1, (SELECT count(*) FROM pairs WHERE pairs.user_id = sides.user_id),
      CASE WHEN NEW.crypto_code = 'BTC' THEN NEW.crypto_amount ELSE 0 END
    FROM sides ORDER BY sides.user_id
    ON CONFLICT (user_id) DO UPDATE SET trades = s.trades + 1, partners = s.partners + excluded.partners,
      btc = s.btc + excluded.btc;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER trades_count_released AFTER INSERT OR UPDATE OF status ON trades
  FOR EACH ROW EXECUTE FUNCTION trades_count_released();
--> statement-breakpoint
INSERT INTO user_trade_partners (user_id, partner_id)
SELECT DISTINCT side.user_id, side.partner_id FROM trades AS t
CROSS JOIN LATERAL (VALUES (t.buyer_id, t.seller_id), (t.seller_id, t.buyer_id)) AS side(user_id, partner_id)
WHERE t.status IN ('released', 'dispute_won_buyer');
--> statement-breakpoint
INSERT INTO user_trade_stats (user_id, trades, partners, btc)
SELECT side.user_id, count(*), count(DISTINCT side.partner_id),
  coalesce(sum(t.crypto_amount) FILTER (WHERE t.crypto_code = 'BTC'), 0)
FROM trades AS t
CROSS JOIN LATERAL (VALUES (t.buyer_id, t.seller_id), (t.seller_id, t.buyer_id)) AS side(user_id, partner_id)
WHERE t.status IN ('released', 'dispute_won_buyer')
GROUP BY side.user_id;
