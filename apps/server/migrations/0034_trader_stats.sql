CREATE TABLE "user_trade_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"releases" integer DEFAULT 0 NOT NULL,
	"release_seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "user_trade_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "user_trade_days" ADD CONSTRAINT "user_trade_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Issue 17 (docs/decisions/0045-trader-stats.md): what one finished trade adds to its parties' day, or
-- takes away (sign -1) when a final status is replaced (an appeal reversing a dispute's award).
-- Completed: released, and won by the buyer for the buyer. Failed: for the buyer, cancelled by the buyer,
-- cancelled by the seller (allowed only when the buyer never opened the trade), expired unpaid, or lost
-- in a dispute; for the seller, a dispute the buyer won (paid and not released). The plain `cancelled`
-- status (no actor) counts for nobody. Releases: the seller's released trades that had been marked paid.
-- Rows are written in user order, as trades_count_released does, so two trades ending at once between
-- the same two people lock them in the same order.
CREATE OR REPLACE FUNCTION trade_outcome_add(s text, buyer int, seller int, paid timestamptz,
  done timestamptz, sign int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_trade_days AS u (user_id, day, completed, failed, releases, release_seconds)
  SELECT v.user_id, (coalesce(done, now()) AT TIME ZONE 'UTC')::date, sign * v.completed, sign * v.failed,
    sign * v.releases, sign * v.seconds
  FROM (VALUES
    (buyer,
      CASE WHEN s IN ('released', 'dispute_won_buyer') THEN 1 ELSE 0 END,
      CASE WHEN s IN ('cancelled_buyer', 'cancelled_seller', 'cancelled_system', 'expired', 'dispute_won_seller')
        THEN 1 ELSE 0 END,
      0, 0::bigint),
    (seller,
      CASE WHEN s = 'released' THEN 1 ELSE 0 END,
      CASE WHEN s = 'dispute_won_buyer' THEN 1 ELSE 0 END,
      CASE WHEN s = 'released' AND paid IS NOT NULL THEN 1 ELSE 0 END,
      CASE WHEN s = 'released' AND paid IS NOT NULL
        THEN greatest(0, round(extract(epoch FROM coalesce(done, now()) - paid)))::bigint ELSE 0 END)
  ) AS v(user_id, completed, failed, releases, seconds)
  WHERE v.completed + v.failed > 0
  ORDER BY v.user_id
  ON CONFLICT (user_id, day) DO UPDATE SET completed = u.completed + excluded.completed,
    failed = u.failed + excluded.failed, releases = u.releases + excluded.releases,
    release_seconds = u.release_seconds + excluded.release_seconds;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trades_count_outcome() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.status = NEW.status THEN
      RETURN NULL;
    END IF;
    PERFORM trade_outcome_add(OLD.status, OLD.buyer_id, OLD.seller_id, OLD.paid_at, OLD.completed_at, -1);
  END IF;
  PERFORM trade_outcome_add(NEW.status, NEW.buyer_id, NEW.seller_id, NEW.paid_at, NEW.completed_at, 1);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER trades_count_outcome AFTER INSERT OR UPDATE OF status ON trades
  FOR EACH ROW EXECUTE FUNCTION trades_count_outcome();
--> statement-breakpoint
-- The trades that ended before this migration.
INSERT INTO user_trade_days (user_id, day, completed, failed, releases, release_seconds)
SELECT v.user_id, (t.completed_at AT TIME ZONE 'UTC')::date, sum(v.completed), sum(v.failed), sum(v.releases),
  sum(v.seconds)
FROM trades AS t
CROSS JOIN LATERAL (VALUES
  (t.buyer_id,
    CASE WHEN t.status IN ('released', 'dispute_won_buyer') THEN 1 ELSE 0 END,
    CASE WHEN t.status IN ('cancelled_buyer', 'cancelled_seller', 'cancelled_system', 'expired',
      'dispute_won_seller') THEN 1 ELSE 0 END,
    0, 0::bigint),
  (t.seller_id,
    CASE WHEN t.status = 'released' THEN 1 ELSE 0 END,
    CASE WHEN t.status = 'dispute_won_buyer' THEN 1 ELSE 0 END,
    CASE WHEN t.status = 'released' AND t.paid_at IS NOT NULL THEN 1 ELSE 0 END,
    CASE WHEN t.status = 'released' AND t.paid_at IS NOT NULL
      THEN greatest(0, round(extract(epoch FROM t.completed_at - t.paid_at)))::bigint ELSE 0 END)
) AS v(user_id, completed, failed, releases, seconds)
WHERE t.completed_at IS NOT NULL AND v.completed + v.failed > 0
GROUP BY v.user_id, (t.completed_at AT TIME ZONE 'UTC')::date;
