-- Issue 25: monthly pay at a million members (decision 0049). What a month's tens of thousands of credits
-- paid for beyond their own rows:
--
-- 1. One pass over a statement's entries instead of two. The zero-sum check (0064) and the live figures
--    (0062) each looked every inserted entry's transaction and account up by key; one trigger now looks
--    them up once and does both. The checks and their errors are unchanged.
-- 2. A ledger transaction's member and author (member_id, created_by) and a CTO share's member and payout
--    were checked by foreign keys: one query and one row lock (FOR KEY SHARE) per row, on the users row
--    of every member paid. They are checked once per statement instead, by key, as 0064 does for entries
--    (SQLSTATE 23503, as the keys did). What the keys also guarded, that a referenced row cannot go away:
--    a user is never deleted (members are closed with deleted_at), which the database now refuses, as it
--    refuses deleting a payout.

CREATE OR REPLACE FUNCTION ledger_entries_statement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  -- Each entry's transaction and account by primary key (OFFSET 0 keeps each a lookup: a statement of
  -- thousands of entries never hashes the ledger), once, for the checks and for both live figures.
  WITH j AS MATERIALIZED (
    SELECT n.transaction_id, n.account_id, n.amount, a.asset, a.owner_id, t.created_at,
           coalesce(t.income_type, t.kind) AS source, t.income_type IS NOT NULL AS income, t.kind IS NOT NULL AS known
    FROM inserted n
    LEFT JOIN LATERAL (SELECT x.created_at, x.income_type, x.kind FROM ledger_transactions x
                       WHERE x.id = n.transaction_id OFFSET 0) t ON true
    LEFT JOIN LATERAL (SELECT y.asset, y.owner_id FROM ledger_accounts y WHERE y.id = n.account_id OFFSET 0) a ON true
  ),
  figures AS (SELECT * FROM j WHERE owner_id IS NOT NULL AND known),
  per_account AS (
    INSERT INTO ledger_account_sums_live (account_id, source, income, credit, entries, amount)
    SELECT account_id, source, income, amount > 0, count(*), sum(amount) FROM figures GROUP BY 1, 2, 3, 4
  ),
  per_hour AS (
    INSERT INTO ledger_rollup_live (period, asset, source, income, credit, entries, amount)
    SELECT date_trunc('hour', created_at, 'UTC'), asset, source, income, amount > 0, count(*), sum(amount)
    FROM figures GROUP BY 1, 2, 3, 4, 5
  )
  SELECT r.transaction_id, r.asset, sum(r.amount) AS total, bool_and(r.known) AS known INTO bad
  FROM j r
  GROUP BY r.transaction_id, r.asset
  HAVING sum(r.amount) <> 0 OR r.asset IS NULL OR NOT bool_and(r.known)
  ORDER BY r.asset IS NULL DESC, bool_and(r.known)  -- a missing row is named before an unbalanced sum
  LIMIT 1;
  IF FOUND THEN
    IF bad.asset IS NULL THEN
      RAISE EXCEPTION 'ledger entry of transaction % names no account', bad.transaction_id USING ERRCODE = '23503';
    ELSIF NOT bad.known THEN
      RAISE EXCEPTION 'ledger entry names no transaction %', bad.transaction_id USING ERRCODE = '23503';
    END IF;
    RAISE EXCEPTION 'ledger transaction % does not balance in % (sum %)', bad.transaction_id, bad.asset, bad.total
      USING ERRCODE = 'P0002';
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER ledger_entries_zero_sum ON ledger_entries;
DROP TRIGGER ledger_entries_rollup_live ON ledger_entries;
DROP FUNCTION ledger_check_zero_sum_statement();
DROP FUNCTION ledger_rollup_live_add();
CREATE TRIGGER ledger_entries_checked AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_statement();

-- A ledger transaction's member and author, once per statement.
CREATE FUNCTION ledger_transactions_statement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing bigint;
BEGIN
  SELECT r.id INTO missing
  FROM (SELECT member_id AS id FROM inserted WHERE member_id IS NOT NULL
        UNION ALL
        SELECT created_by FROM inserted WHERE created_by IS NOT NULL) r
  WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.id OFFSET 0)
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction names no user %', missing USING ERRCODE = '23503';
  END IF;
  RETURN NULL;
END $$;

ALTER TABLE ledger_transactions DROP CONSTRAINT ledger_transactions_member_id_fkey;
ALTER TABLE ledger_transactions DROP CONSTRAINT ledger_transactions_created_by_fkey;
CREATE TRIGGER ledger_transactions_checked AFTER INSERT ON ledger_transactions
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_transactions_statement();

-- A CTO share's member and payout, once per statement (a share is written once; the app never changes it).
CREATE FUNCTION cto_shares_statement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  SELECT n.user_id, n.payout_id INTO bad
  FROM inserted n
  WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = n.user_id OFFSET 0)
     OR NOT EXISTS (SELECT 1 FROM cto_payouts p WHERE p.id = n.payout_id OFFSET 0)
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'CTO share names no user % or no payout %', bad.user_id, bad.payout_id USING ERRCODE = '23503';
  END IF;
  RETURN NULL;
END $$;

ALTER TABLE cto_shares DROP CONSTRAINT cto_shares_user_id_fkey;
ALTER TABLE cto_shares DROP CONSTRAINT cto_shares_payout_id_fkey;
CREATE TRIGGER cto_shares_checked AFTER INSERT ON cto_shares
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION cto_shares_statement();

-- What the keys kept from going away.
CREATE FUNCTION refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are never deleted (% on %)', TG_TABLE_NAME, TG_OP, TG_TABLE_NAME USING ERRCODE = 'P0001';
END $$;
CREATE TRIGGER users_kept BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION refuse_delete();
CREATE TRIGGER users_no_truncate BEFORE TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION refuse_delete();
CREATE TRIGGER cto_payouts_kept BEFORE DELETE ON cto_payouts FOR EACH ROW EXECUTE FUNCTION refuse_delete();
CREATE TRIGGER cto_payouts_no_truncate BEFORE TRUNCATE ON cto_payouts
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_delete();
