-- A deposit belongs to the member the chain names, never to whoever reports its hash first (issue 19,
-- decision 0027). Transaction hashes are public: a report no longer claims a hash. What stays unique:
--   * a hash is credited (status complete) at most once, ever, whatever path: admin by hand or chain;
--   * a transfer the verifier bound to a member (log_index set only when it was sent from one of that
--     member's linked wallets; cleared again if the report is refused) has one deposit per chain, hash and log
--     (deposits_chain_log_key, migration 0017, unchanged);
--   * a member has at most one live report (pending or complete) of a hash.
-- Reports that are refused, declined or cancelled hold nothing, and several members may report one hash
-- that no node can verify; an admin completes at most one of them.
DROP INDEX deposits_hash_key;
CREATE UNIQUE INDEX deposits_hash_credited_key ON deposits (lower(hash)) WHERE status = 'complete';
CREATE UNIQUE INDEX deposits_user_hash_live_key ON deposits (user_id, lower(hash)) WHERE status <> 'decline';
-- Every report of a hash (the other reports an admin is shown, a report's checks).
CREATE INDEX deposits_hash_idx ON deposits (lower(hash));

-- The member the chain's sender wallet was linked to when the verifier read it (null: not read, or linked to
-- nobody). A report whose sender is another member's wallet is a report of someone else's deposit: counted by
-- the risk signal below through the partial index.
ALTER TABLE deposits ADD COLUMN sender_id bigint REFERENCES users (id);
CREATE INDEX deposits_foreign_sender_idx ON deposits (user_id, lower(hash)) WHERE sender_id <> user_id;

-- withdrawal_risk() of migration 0031, with a ninth signal: 'foreign_hash_reports', the transaction hashes the
-- member reported that the chain shows were sent from other members' wallets (flagged at 2 or more).
CREATE OR REPLACE FUNCTION withdrawal_risk(w_id bigint)
RETURNS TABLE (code text, flagged boolean, sentence text)
LANGUAGE sql STABLE AS $$
  WITH w AS (
    SELECT w.id, w.user_id, w.kind, w.amount, w.currency, lower(w.address) AS address, w.created_at,
           u.created_at AS opened_at
    FROM withdrawals w JOIN users u ON u.id = w.user_id
    WHERE w.id = w_id
  ), f AS (
    SELECT w.*,
      -- Credited to the member's deposit wallet by deposits (kind 'deposit') up to the request.
      (SELECT coalesce(sum(e.amount), 0) FROM ledger_transactions t
         JOIN ledger_entries e ON e.transaction_id = t.id
         JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id = w.user_id
       WHERE t.member_id = w.user_id AND t.kind = 'deposit' AND t.created_at <= w.created_at
         AND e.amount > 0) AS deposited,
      -- The member's earlier requests not declined (paid or still pending).
      (SELECT coalesce(sum(o.amount), 0) FROM withdrawals o
       WHERE o.user_id = w.user_id AND o.id < w.id AND o.status <> 'decline') AS withdrawn,
      (SELECT max(c.requested_at) FROM payout_address_changes c
       WHERE c.user_id = w.user_id AND c.currency = w.currency AND c.cancelled_at IS NULL) AS changed_at,
      (SELECT count(DISTINCT o.id) FROM (
         SELECT u.id FROM users u WHERE u.bep20 IS NOT NULL AND lower(u.bep20) = w.address
         UNION ALL
         SELECT u.id FROM users u WHERE u.trc20 IS NOT NULL AND lower(u.trc20) = w.address
         UNION ALL
         SELECT mw.user_id FROM member_wallets mw WHERE mw.address = w.address) o
       WHERE o.id <> w.user_id) AS address_others,
      EXISTS (SELECT 1 FROM access_ips m WHERE m.user_id = w.user_id) AS ips_known,
      (SELECT count(DISTINCT o.user_id) FROM access_ips m
         JOIN access_ips o ON o.ip_hash = m.ip_hash AND o.user_id <> w.user_id
         JOIN users ou ON ou.id = o.user_id AND ou.role = 'user'
       WHERE m.user_id = w.user_id) AS ip_others,
      (SELECT count(*) FROM member_wallets mw WHERE mw.user_id = w.user_id) AS wallets,
      (SELECT count(DISTINCT o.id) FROM member_wallets mw
         CROSS JOIN LATERAL (
           SELECT u.id FROM users u WHERE u.bep20 IS NOT NULL AND lower(u.bep20) = mw.address
           UNION ALL
           SELECT u.id FROM users u WHERE u.trc20 IS NOT NULL AND lower(u.trc20) = mw.address) o
       WHERE mw.user_id = w.user_id AND o.id <> w.user_id) AS wallet_others,
      (SELECT max(t.created_at) FROM ledger_transactions t
       WHERE t.member_id = w.user_id AND t.kind = 'deposit'
         AND t.created_at <= w.created_at AND t.created_at > w.created_at - interval '48 hours') AS deposit_at,
      -- What the source wallet held just before the request: its balance less every entry since the hold.
      CASE WHEN w.kind <> 'principal' THEN (
        SELECT a.balance - coalesce((SELECT sum(e.amount) FROM ledger_entries e
                                     WHERE e.account_id = a.id AND e.transaction_id >= h.id), 0)
        FROM ledger_accounts a, ledger_transactions h
        WHERE a.owner_id = w.user_id AND a.asset = 'USD'
          AND a.kind = CASE w.kind WHEN 'roi' THEN 'non_working' ELSE w.kind END
          AND h.idempotency_key = 'withdrawal-hold:' || w.id)
      END AS held,
      -- Hashes the member reported whose transfer came from another member's linked wallet (deposits_foreign_sender_idx).
      (SELECT count(DISTINCT lower(d.hash)) FROM deposits d
       WHERE d.user_id = w.user_id AND d.sender_id <> d.user_id) AS foreign_hashes
    FROM w
  ), r AS MATERIALIZED (
    -- Materialized: each figure is computed once, however often the sentences below use it.
    -- The member's registration (the first, should there be more) and who registered from that IP that day.
    SELECT f.*, reg.day AS reg_day,
      (SELECT count(DISTINCT o.user_id) FROM access_ips o
       WHERE o.kind = 'registration' AND o.ip_hash = reg.ip_hash AND o.day = reg.day) AS reg_same
    FROM f LEFT JOIN LATERAL (
      SELECT a.ip_hash, a.day FROM access_ips a
      WHERE a.user_id = f.user_id AND a.kind = 'registration' ORDER BY a.day LIMIT 1) reg ON true
  )
  SELECT v.code, v.flagged, v.sentence
  FROM r CROSS JOIN LATERAL (VALUES
    (1, 'account_age', now() - r.opened_at < interval '7 days',
     'Account opened ' || risk_span(now() - r.opened_at) || ' ago.'),
    (2, 'deposits_vs_withdrawals', r.withdrawn + r.amount > r.deposited,
     'Deposited ' || risk_usd(r.deposited) || ', withdrawn ' || risk_usd(r.withdrawn)
       || ' so far; this request is ' || risk_usd(r.amount) || '.'),
    (3, 'address_changed', coalesce(now() - r.changed_at < interval '7 days', false),
     CASE WHEN r.changed_at IS NULL OR now() - r.changed_at >= interval '30 days'
       THEN 'Payout address unchanged in the last 30 days.'
       ELSE 'Payout address changed ' || risk_span(now() - r.changed_at) || ' ago.' END),
    (4, 'address_shared', r.address_others > 0,
     CASE WHEN r.address_others = 0 THEN 'No other member uses this payout address.'
       ELSE 'This payout address is also the payout address or a linked wallet of '
         || risk_count(r.address_others, 'other member', 'other members') || '.' END),
    (5, 'ip_shared', r.ip_others > 0,
     CASE WHEN NOT r.ips_known THEN 'No sign-in IP recorded for this member.'
       WHEN r.ip_others = 0 THEN 'No other member signed in or registered from this member''s IPs.'
       ELSE 'An IP this member signed in or registered from was used by '
         || risk_count(r.ip_others, 'other member', 'other members') || '.' END),
    (6, 'wallet_shared', r.wallet_others > 0,
     CASE WHEN r.wallets = 0 THEN 'This member has linked no wallet.'
       WHEN r.wallet_others = 0 THEN 'No wallet this member linked is another member''s payout address.'
       ELSE 'A wallet this member linked is the payout address of '
         || risk_count(r.wallet_others, 'other member', 'other members') || '.' END),
    (7, 'same_ip_registrations', coalesce(r.reg_same >= 3, false),
     CASE WHEN r.reg_day IS NULL THEN 'No registration IP recorded for this member.'
       WHEN r.reg_same <= 1 THEN 'Only this member registered from its IP on ' || to_char(r.reg_day, 'YYYY-MM-DD') || '.'
       ELSE r.reg_same || ' members registered from the same IP on ' || to_char(r.reg_day, 'YYYY-MM-DD') || '.' END),
    (8, 'drains_after_deposit',
     r.deposit_at IS NOT NULL AND (r.kind = 'principal' OR coalesce(r.amount::numeric * 10 >= r.held::numeric * 9, false)),
     CASE WHEN r.kind = 'principal' THEN 'This request takes the whole plan'
       WHEN r.held IS NULL OR r.held <= 0 THEN 'What the wallet held before this request is not known'
       ELSE 'This request takes ' || floor(r.amount::numeric * 100 / r.held) || '% of the '
         || CASE r.kind WHEN 'roi' THEN 'ROI' ELSE r.kind END || ' wallet' END
     || CASE WHEN r.deposit_at IS NULL THEN '; no deposit was credited in the 48 hours before it.'
       ELSE '; a deposit was credited ' || risk_span(r.created_at - r.deposit_at) || ' before it.' END),
    (9, 'foreign_hash_reports', r.foreign_hashes >= 2,
     CASE WHEN r.foreign_hashes = 0 THEN 'Reported no transaction hash sent by another member''s wallet.'
       WHEN r.foreign_hashes = 1
         THEN 'Reported 1 transaction hash that the chain shows was sent by another member''s wallet.'
       ELSE 'Reported ' || r.foreign_hashes
         || ' transaction hashes that the chain shows were sent by other members'' wallets.' END)
  ) v(ord, code, flagged, sentence)
  ORDER BY v.ord
$$;
