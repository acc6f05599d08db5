-- Issue 13: a chain write's lock and its heads in one round trip. The locks are taken first, in id order
-- (two batches cannot deadlock); the heads are read by a statement of their own after them, and in
-- READ COMMITTED a volatile function's statement takes a fresh snapshot, so the heads include what a
-- writer that held a lock before us committed (one statement with both would read the heads as they were
-- before it waited). 1953654115 is 0x74726563, "trec", the namespace record.ts locks under.
CREATE OR REPLACE FUNCTION trade_record_lock_heads(trade_ids int[])
  RETURNS TABLE (trade_id int, seq int, hash text) LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(1953654115, ids.id)
    FROM (SELECT DISTINCT unnest(trade_ids) AS id ORDER BY 1) AS ids;
  RETURN QUERY SELECT DISTINCT ON (e.trade_id) e.trade_id, e.seq, e.hash
    FROM trade_record_entries AS e WHERE e.trade_id = ANY(trade_ids) ORDER BY e.trade_id, e.seq DESC;
END;
$$;
