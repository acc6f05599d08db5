ALTER TABLE "user_kyc" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "user_kyc" ADD COLUMN "middle_name" text;--> statement-breakpoint
ALTER TABLE "user_kyc" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "user_trade_stats" ADD COLUMN "released" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written from here (issue 26, docs/decisions/0050-truthful-user-data.md).
-- The current user's successfulTrades: of the trades that reached the buyer, those the seller released
-- (status released), not decided by a moderator. Counted by the same trigger, in the same row write.
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
    INSERT INTO user_trade_stats AS s (user_id, trades, released, partners, btc, released_usd)
    SELECT sides.user_id, 1, CASE WHEN NEW.status = 'released' THEN 1 ELSE 0 END,
      (SELECT count(*) FROM pairs WHERE pairs.user_id = sides.user_id),
      CASE WHEN NEW.crypto_code = 'BTC' THEN NEW.crypto_amount ELSE 0 END, NEW.fiat_amount_usd
    FROM sides ORDER BY sides.user_id
    ON CONFLICT (user_id) DO UPDATE SET trades = s.trades + 1, released = s.released + excluded.released,
      partners = s.partners + excluded.partners, btc = s.btc + excluded.btc,
      released_usd = s.released_usd + excluded.released_usd;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
UPDATE user_trade_stats AS s SET released = v.n
FROM (
  SELECT side.user_id, count(*) AS n
  FROM trades AS t
  CROSS JOIN LATERAL (VALUES (t.buyer_id), (t.seller_id)) AS side(user_id)
  WHERE t.status = 'released'
  GROUP BY side.user_id
) AS v
WHERE v.user_id = s.user_id;
--> statement-breakpoint
-- The names of the ID verifications approved before this migration (the latest approved per trader).
UPDATE user_kyc AS k SET first_name = nullif(r.details ->> 'first_name_original', ''),
  middle_name = nullif(r.details ->> 'middle_name_original', ''),
  last_name = nullif(r.details ->> 'last_name_original', '')
FROM (
  SELECT DISTINCT ON (user_id) user_id, details FROM verification_requests
  WHERE type = 'id' AND status = 'approved'
  ORDER BY user_id, decided_at DESC NULLS LAST, id DESC
) AS r
WHERE r.user_id = k.user_id;
