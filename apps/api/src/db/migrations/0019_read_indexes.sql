-- Issue 10: reads that do not grow with the data (decision 0009).
-- Indexes for how each list and report reads; hourly and daily rollups of closed hours for the dashboard
-- and the transaction screens' counts; running member counts kept as insert-only deltas. Plain CREATE
-- INDEX: migrations run in a transaction, where CONCURRENTLY is not allowed.

-- Member search (/users/list): a member matches when one of username, e-mail, full name, referral code
-- or phone contains the text, case-insensitively (ILIKE '%text%'). Both indexes cover the five columns
-- joined by spaces, a superset of the matches that the five ILIKEs then recheck: a trigram index for
-- texts of three characters or more, and an index of every one- and two-character piece of the
-- lower-cased text for shorter ones (pg_trgm cannot answer those).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE FUNCTION member_search_text(username text, email text, fullname text, code text, phone text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT username || ' ' || email || ' ' || fullname || ' ' || code || ' ' || coalesce(phone, '')
$$;
CREATE FUNCTION search_grams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT string_to_array(l, NULL) || ARRAY(SELECT substr(l, i, 2) FROM generate_series(1, length(l) - 1) i)
  FROM lower(t) AS l
$$;
CREATE INDEX users_search_trgm_idx ON users
  USING gin (member_search_text(username, email, fullname, refferal_code, phone) gin_trgm_ops);
CREATE INDEX users_search_grams_idx ON users
  USING gin (search_grams(member_search_text(username, email, fullname, refferal_code, phone)));

-- Live accounts newest first (/users/list): a page is found by walking this narrow index.
CREATE INDEX users_live_id_idx ON users (id) WHERE deleted_at IS NULL;
-- A sponsor's live directs in page order (referral lists, the tree, direct counts).
CREATE INDEX users_sponsor_live_idx ON users (sponsor_id, id) WHERE deleted_at IS NULL;

-- Dashboard: open requests; completed ones by the time they were decided (rollups).
CREATE INDEX deposits_pending_idx ON deposits (id) INCLUDE (amount) WHERE status = 'pending';
CREATE INDEX withdrawals_pending_idx ON withdrawals (id) INCLUDE (amount) WHERE status = 'pending';
CREATE INDEX deposits_complete_decided_idx ON deposits (decided_at) INCLUDE (credited_amount)
  WHERE status = 'complete';
CREATE INDEX withdrawals_complete_decided_idx ON withdrawals (decided_at) INCLUDE (net)
  WHERE status = 'complete';

-- The ledger in time order: transaction screens newest first, rollups of an hour.
CREATE INDEX ledger_transactions_created_idx ON ledger_transactions (created_at, id);

-- Rollups of closed UTC hours (grain 'hour') and of days all of whose hours are closed (grain 'day').
-- Every hour before rollup_state.closed_until is in them; later ones are read from the tables. The figures
-- of a closed hour never change: members' registration times, decided requests and ledger rows are final.
-- Only hours with activity have rows. Filled by rollup_fill (idempotent, one filler at a time).
CREATE TABLE rollup_state (
  name text PRIMARY KEY,
  closed_until timestamptz NOT NULL CHECK (closed_until = date_trunc('hour', closed_until, 'UTC'))
);
-- Entries on member accounts, per period, asset, source (income type, else kind) and direction.
CREATE TABLE ledger_rollups (
  grain text NOT NULL CHECK (grain IN ('hour', 'day')),
  period timestamptz NOT NULL,
  asset text NOT NULL,
  source text NOT NULL,
  income boolean NOT NULL,
  credit boolean NOT NULL,
  entries bigint NOT NULL,
  amount bigint NOT NULL,
  PRIMARY KEY (grain, period, asset, source, income, credit)
);
-- Registrations (role user, deleted ones included), completed deposits (credited) and withdrawals (net).
CREATE TABLE activity_rollups (
  grain text NOT NULL CHECK (grain IN ('hour', 'day')),
  period timestamptz NOT NULL,
  registrations bigint NOT NULL,
  deposits bigint NOT NULL,
  withdrawals bigint NOT NULL,
  PRIMARY KEY (grain, period)
);
-- The rollups start at the first day with data (or today).
INSERT INTO rollup_state (name, closed_until)
SELECT 'hourly', date_trunc('day', least(
  (SELECT min(created_at) FROM users),
  (SELECT min(created_at) FROM ledger_transactions),
  (SELECT min(decided_at) FROM deposits WHERE status = 'complete'),
  (SELECT min(decided_at) FROM withdrawals WHERE status = 'complete'),
  now()), 'UTC');

-- The end of the last hour that may be closed: not after `upto` (the app passes ten minutes ago), and never
-- after the start of a transaction still open (its rows, stamped with its start time, are not visible yet). SECURITY DEFINER so that the app role can
-- see the other sessions of this database.
CREATE FUNCTION rollup_closable_until(upto timestamptz) RETURNS timestamptz
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog AS $$
  SELECT date_trunc('hour', least(
    upto,
    coalesce((SELECT min(a.xact_start) FROM pg_stat_activity a
              WHERE a.datname = current_database() AND a.pid <> pg_backend_pid()
                AND a.backend_type = 'client backend' AND a.xact_start IS NOT NULL), 'infinity')
  ), 'UTC')
$$;

-- Running counts of accounts for the dashboard and /users/list: each change of a users row that moves a
-- count appends one delta row (never an update of a shared row, so writers do not queue on each other);
-- readers sum the rows, and ReportsRollups folds them into one row now and then.
CREATE TABLE member_tally (
  id bigserial PRIMARY KEY,
  users bigint NOT NULL,     -- live accounts of any role
  members bigint NOT NULL,   -- live accounts of role user
  active bigint NOT NULL,    -- of those, is_active = 'active'
  blocked bigint NOT NULL,   -- of those, status = 'block'
  invested bigint NOT NULL   -- active_plan summed over live accounts
);
CREATE FUNCTION member_tally_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d_users bigint := 0;
  d_members bigint := 0;
  d_active bigint := 0;
  d_blocked bigint := 0;
  d_invested bigint := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    d_users := d_users - 1;
    d_invested := d_invested - OLD.active_plan;
    IF OLD.role = 'user' THEN
      d_members := d_members - 1;
      d_active := d_active - (OLD.is_active = 'active')::int;
      d_blocked := d_blocked - (OLD.status = 'block')::int;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.deleted_at IS NULL THEN
    d_users := d_users + 1;
    d_invested := d_invested + NEW.active_plan;
    IF NEW.role = 'user' THEN
      d_members := d_members + 1;
      d_active := d_active + (NEW.is_active = 'active')::int;
      d_blocked := d_blocked + (NEW.status = 'block')::int;
    END IF;
  END IF;
  IF d_users <> 0 OR d_members <> 0 OR d_active <> 0 OR d_blocked <> 0 OR d_invested <> 0 THEN
    INSERT INTO member_tally (users, members, active, blocked, invested)
    VALUES (d_users, d_members, d_active, d_blocked, d_invested);
  END IF;
  RETURN NULL;
END $$;
-- The trigger first (it locks users against writes until this migration commits), then the starting row.
CREATE TRIGGER users_member_tally
  AFTER INSERT OR DELETE OR UPDATE OF role, status, is_active, active_plan, deleted_at ON users
  FOR EACH ROW EXECUTE FUNCTION member_tally_change();
INSERT INTO member_tally (users, members, active, blocked, invested)
SELECT count(*),
       count(*) FILTER (WHERE role = 'user'),
       count(*) FILTER (WHERE role = 'user' AND is_active = 'active'),
       count(*) FILTER (WHERE role = 'user' AND status = 'block'),
       coalesce(sum(active_plan), 0)
FROM users WHERE deleted_at IS NULL;

-- Brings the rollups up to the last closable hour before `upto` and returns the new watermark. One filler
-- at a time: a second caller does not wait, it returns the watermark as it is. Hour rows for the newly
-- closed hours, then day rows (sums of their hours) for the days all of whose hours are now closed.
-- Plans are made for the actual range each time (a generic plan could scan the whole ledger).
CREATE FUNCTION rollup_fill(upto timestamptz) RETURNS timestamptz LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  w timestamptz;
  target timestamptz;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727019) THEN
    RETURN (SELECT closed_until FROM rollup_state WHERE name = 'hourly');
  END IF;
  SELECT closed_until INTO w FROM rollup_state WHERE name = 'hourly' FOR UPDATE;
  target := rollup_closable_until(upto);
  IF target <= w THEN
    RETURN w;
  END IF;

  INSERT INTO ledger_rollups (grain, period, asset, source, income, credit, entries, amount)
  SELECT 'hour', date_trunc('hour', t.created_at, 'UTC'), a.asset, coalesce(t.income_type, t.kind),
         t.income_type IS NOT NULL, e.amount > 0, count(*), sum(e.amount)
  FROM ledger_transactions t
  JOIN ledger_entries e ON e.transaction_id = t.id
  JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id IS NOT NULL
  WHERE t.created_at >= w AND t.created_at < target
  GROUP BY 2, 3, 4, 5, 6;

  INSERT INTO activity_rollups (grain, period, registrations, deposits, withdrawals)
  SELECT 'hour', x.period, sum(x.registrations), sum(x.deposits), sum(x.withdrawals)
  FROM (
    SELECT date_trunc('hour', created_at, 'UTC') AS period, count(*) AS registrations, 0 AS deposits, 0 AS withdrawals
    FROM users WHERE role = 'user' AND created_at >= w AND created_at < target GROUP BY 1
    UNION ALL
    SELECT date_trunc('hour', decided_at, 'UTC'), 0, sum(credited_amount), 0
    FROM deposits WHERE status = 'complete' AND decided_at >= w AND decided_at < target GROUP BY 1
    UNION ALL
    SELECT date_trunc('hour', decided_at, 'UTC'), 0, 0, sum(net)
    FROM withdrawals WHERE status = 'complete' AND decided_at >= w AND decided_at < target GROUP BY 1
  ) x
  GROUP BY x.period;

  INSERT INTO ledger_rollups (grain, period, asset, source, income, credit, entries, amount)
  SELECT 'day', date_trunc('day', period, 'UTC'), asset, source, income, credit, sum(entries), sum(amount)
  FROM ledger_rollups
  WHERE grain = 'hour' AND period >= date_trunc('day', w, 'UTC') AND period < date_trunc('day', target, 'UTC')
  GROUP BY 2, 3, 4, 5, 6;

  INSERT INTO activity_rollups (grain, period, registrations, deposits, withdrawals)
  SELECT 'day', date_trunc('day', period, 'UTC'), sum(registrations), sum(deposits), sum(withdrawals)
  FROM activity_rollups
  WHERE grain = 'hour' AND period >= date_trunc('day', w, 'UTC') AND period < date_trunc('day', target, 'UTC')
  GROUP BY 2;

  UPDATE rollup_state SET closed_until = target WHERE name = 'hourly';
  RETURN target;
END $$;

-- The history there is now (nothing on a new database).
SELECT rollup_fill(now() - interval '10 minutes');
