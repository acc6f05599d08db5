-- Ledger guards the application cannot bypass (docs/decisions/0006-ledger.md).
-- I3: entries and transactions are append-only; corrections are new, reversing transactions.
CREATE OR REPLACE FUNCTION ledger_forbid_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_forbid_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_forbid_change();
--> statement-breakpoint
-- I1: the entries of a transaction sum to zero per coin, checked at commit (after every entry is in).
CREATE OR REPLACE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced numeric;
BEGIN
  SELECT sum(amount) INTO unbalanced FROM ledger_entries
    WHERE transaction_id = NEW.transaction_id AND crypto_code = NEW.crypto_code;
  IF unbalanced <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance (% %)', NEW.transaction_id, unbalanced, NEW.crypto_code
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
