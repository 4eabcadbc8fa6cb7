-- withdrawal_risk: its live definition (decision 0057: edit this file; no migration needed).
-- withdrawal_risk() of migration 0031, with a ninth signal: 'foreign_hash_reports', the transaction hashes the
-- member reported that the chain shows were sent from other members' wallets (flagged at 2 or more).
CREATE OR REPLACE FUNCTION public.withdrawal_risk(w_id bigint)
 RETURNS TABLE(code text, flagged boolean, sentence text)
 LANGUAGE sql
 STABLE ROWS 9
AS $function$
  WITH w AS (
    SELECT w.id, w.user_id, w.kind, w.amount, w.currency, lower(w.address) AS address, w.created_at,
           u.created_at AS opened_at
    FROM withdrawals w JOIN users u ON u.id = w.user_id
    WHERE w.id = w_id
  ), f AS (
    SELECT w.*,
      -- Credited to the member's deposit wallet by deposits (kind 'deposit') up to the request.
      (SELECT coalesce(sum(e.amount), 0) FROM ledger_transactions t
         -- An entry carries its transaction's time: with it the lookup reaches one month's partition (0079).
         JOIN ledger_entries e ON e.transaction_id = t.id AND e.created_at = t.created_at
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
        FROM ledger_accounts a, ledger_transaction_keys h
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
$function$;
