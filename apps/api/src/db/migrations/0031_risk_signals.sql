-- Risk signals on withdrawal review (issue 13, decision 0026): the IPs members sign in and register from,
-- kept only as keyed hashes, and withdrawal_risk(), the short sentences an admin reads before paying out.

-- A secret made here and read only by the functions below, which run as the tables' owner: the app role
-- cannot read it, and it never leaves the database (a dump holds it, as it holds the hashes).
CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  secret bytea NOT NULL CHECK (octet_length(secret) >= 32)
);
-- 32 bytes from two version-4 UUIDs (122 random bits each, from the server's strong random source).
INSERT INTO app_secrets (name, secret)
VALUES ('ip_pepper', decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'));

-- sha256(pepper || ip), the IP lower-cased and an IPv4-mapped IPv6 address (::ffff:a.b.c.d) taken as its
-- IPv4 address. Executable only by its owner (and so by the trigger below), never by the app role.
CREATE FUNCTION access_ip_hash(p_ip text) RETURNS bytea
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog AS $$
  SELECT sha256((SELECT s.secret FROM public.app_secrets s WHERE s.name = 'ip_pepper')
                || convert_to(regexp_replace(lower(btrim(p_ip)), '^::ffff:(\d+\.\d+\.\d+\.\d+)$', '\1'), 'UTF8'))
$$;
REVOKE ALL ON FUNCTION access_ip_hash(text) FROM PUBLIC;

-- One row per member, hashed IP, kind and UTC day (the first time of that day), so a member signing in
-- all day from one address adds one row a day. 'registration' is the session opened by /auth/register.
CREATE TABLE access_ips (
  user_id bigint NOT NULL REFERENCES users (id),
  ip_hash bytea NOT NULL CHECK (octet_length(ip_hash) = 32),
  kind text NOT NULL CHECK (kind IN ('registration', 'sign_in')),
  seen_at timestamptz NOT NULL DEFAULT now(),
  day date GENERATED ALWAYS AS ((seen_at AT TIME ZONE 'UTC')::date) STORED,
  PRIMARY KEY (user_id, kind, day, ip_hash)
);
-- Other members with the same IP (ip_shared).
CREATE INDEX access_ips_hash_idx ON access_ips (ip_hash, user_id);
-- Registrations from one IP on one day (same_ip_registrations).
CREATE INDEX access_ips_registration_idx ON access_ips (ip_hash, day, user_id) WHERE kind = 'registration';

-- A registration is told apart from a sign-in by time: /auth/register inserts the member and opens the
-- session in one transaction, and both rows take created_at from now(), the transaction's start, so they
-- are equal exactly then (a later sign-in runs in another transaction, with a later now()).
CREATE FUNCTION access_ips_record() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $$
BEGIN
  IF NEW.ip IS NULL OR btrim(NEW.ip) = '' THEN
    RETURN NULL;
  END IF;
  INSERT INTO public.access_ips (user_id, ip_hash, kind, seen_at)
  SELECT NEW.user_id, public.access_ip_hash(NEW.ip),
         CASE WHEN u.created_at = NEW.created_at THEN 'registration' ELSE 'sign_in' END, NEW.created_at
  FROM public.users u WHERE u.id = NEW.user_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION access_ips_record() FROM PUBLIC;
CREATE TRIGGER sessions_access_ip AFTER INSERT ON sessions
  FOR EACH ROW EXECUTE FUNCTION access_ips_record();

-- The sessions kept so far, the same way.
INSERT INTO access_ips (user_id, ip_hash, kind, seen_at)
SELECT s.user_id, access_ip_hash(s.ip),
       CASE WHEN u.created_at = s.created_at THEN 'registration' ELSE 'sign_in' END, min(s.created_at)
FROM sessions s JOIN users u ON u.id = s.user_id
WHERE s.ip IS NOT NULL AND btrim(s.ip) <> ''
GROUP BY 1, 2, 3, (s.created_at AT TIME ZONE 'UTC')::date
ON CONFLICT DO NOTHING;

-- Payout addresses shared between members (users may have a million rows: never a scan). Migration 0030
-- makes the same two for its own check; said again here so that this one stands alone.
CREATE INDEX IF NOT EXISTS users_bep20_lower_idx ON users (lower(bep20)) WHERE bep20 IS NOT NULL;
CREATE INDEX IF NOT EXISTS users_trc20_lower_idx ON users (lower(trc20)) WHERE trc20 IS NOT NULL;

-- Sentence parts. An amount in units of 10^-8 as USD with 2 decimals, rounded half-up and grouped in
-- thousands as formatUsd does; a count with its noun; a span of time in the largest whole unit.
CREATE FUNCTION risk_usd(p_units numeric) RETURNS text
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT to_char(round(p_units / 100000000, 2), 'FM999,999,999,999,999,990.00') || ' USD'
$$;
CREATE FUNCTION risk_count(p_n bigint, p_one text, p_many text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT p_n || ' ' || CASE WHEN p_n = 1 THEN p_one ELSE p_many END
$$;
CREATE FUNCTION risk_span(p_span interval) RETURNS text
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE
    WHEN s < 60 THEN 'less than a minute'
    WHEN s < 3600 THEN risk_count(floor(s / 60)::bigint, 'minute', 'minutes')
    WHEN s < 86400 THEN risk_count(floor(s / 3600)::bigint, 'hour', 'hours')
    ELSE risk_count(floor(s / 86400)::bigint, 'day', 'days')
  END
  FROM (SELECT floor(greatest(extract(epoch FROM p_span), 0)) AS s) x
$$;

-- The risk signals of one withdrawal, always all eight in this order (none for an unknown id). Ages are
-- reckoned at the time of reading; money and deposits at the time of the request. Every lookup goes
-- through an index (decision 0026 lists them). Plain SQL, so a caller's query can inline it.
CREATE FUNCTION withdrawal_risk(w_id bigint)
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
      END AS held
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
       ELSE '; a deposit was credited ' || risk_span(r.created_at - r.deposit_at) || ' before it.' END)
  ) v(ord, code, flagged, sentence)
  ORDER BY v.ord
$$;

-- The app reads the hashes (the risk signals) but writes them only through the trigger, and never reads
-- the pepper. Skipped where the role could not be created.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'REVOKE ALL ON app_secrets FROM sgx_app';
    EXECUTE 'GRANT SELECT ON access_ips TO sgx_app';
    EXECUTE 'REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON access_ips FROM sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
