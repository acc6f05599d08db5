ALTER TABLE "user_trade_stats" ADD COLUMN "released_usd" numeric(30, 8) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "trades_buyer_started_idx" ON "trades" USING btree ("buyer_id","started_at");--> statement-breakpoint
CREATE INDEX "trades_seller_started_idx" ON "trades" USING btree ("seller_id","started_at");--> statement-breakpoint
-- Issue 13: a start checked the taker's lifetime volume by adding up their whole history; the trades that
-- reached the buyer now add their USD value here as they do (the rest of the lifetime volume, the running
-- trades, is read through the partial indexes of running trades).
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
    INSERT INTO user_trade_stats AS s (user_id, trades, partners, btc, released_usd)
    SELECT sides.user_id, 1, (SELECT count(*) FROM pairs WHERE pairs.user_id = sides.user_id),
      CASE WHEN NEW.crypto_code = 'BTC' THEN NEW.crypto_amount ELSE 0 END, NEW.fiat_amount_usd
    FROM sides ORDER BY sides.user_id
    ON CONFLICT (user_id) DO UPDATE SET trades = s.trades + 1, partners = s.partners + excluded.partners,
      btc = s.btc + excluded.btc, released_usd = s.released_usd + excluded.released_usd;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
UPDATE user_trade_stats AS s SET released_usd = v.usd
FROM (
  SELECT side.user_id, sum(t.fiat_amount_usd) AS usd
  FROM trades AS t
  CROSS JOIN LATERAL (VALUES (t.buyer_id), (t.seller_id)) AS side(user_id)
  WHERE t.status IN ('released', 'dispute_won_buyer')
  GROUP BY side.user_id
) AS v
WHERE v.user_id = s.user_id;
