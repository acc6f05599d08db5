-- Issue 13: what a transaction needs before it writes chat messages and their record entries, in one
-- call: the trades' chains locked (in id order, so two writers cannot deadlock), each chain's head read
-- after the locks (a volatile function's statement takes a fresh snapshot, see 0025), ids for the
-- messages drawn while the chains are held (so a trade's message ids follow its chain: a reader that has
-- seen a message never later finds an older one appear) and the transaction's time in milliseconds. With
-- the ids and the time known beforehand, a message and its entry (whose hash covers both) are written by
-- one statement. It replaces trade_record_lock_heads (0025). 1953654115 is 0x74726563, "trec".
CREATE OR REPLACE FUNCTION trade_record_lock_chains(trade_ids int[], message_count int)
  RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  heads jsonb;
  ids jsonb;
BEGIN
  PERFORM pg_advisory_xact_lock(1953654115, locked.id)
    FROM (SELECT DISTINCT unnest(trade_ids) AS id ORDER BY 1) AS locked;
  SELECT coalesce(jsonb_agg(jsonb_build_object('trade_id', h.trade_id, 'seq', h.seq, 'hash', h.hash)), '[]')
    INTO heads
    FROM (SELECT DISTINCT ON (e.trade_id) e.trade_id, e.seq, e.hash
      FROM trade_record_entries AS e WHERE e.trade_id = ANY(trade_ids) ORDER BY e.trade_id, e.seq DESC) AS h;
  SELECT coalesce(jsonb_agg(n.id ORDER BY n.id), '[]')
    INTO ids
    FROM (SELECT nextval('trade_messages_id_seq') AS id FROM generate_series(1, greatest(message_count, 0))) AS n;
  RETURN jsonb_build_object('heads', heads, 'message_ids', ids,
    'at', floor(extract(epoch FROM now()) * 1000)::bigint);
END;
$$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS trade_record_lock_heads(int[]);
