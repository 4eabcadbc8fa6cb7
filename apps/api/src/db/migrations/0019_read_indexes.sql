-- Reads that do not grow with the data (decision 0009).
-- Indexes for how each list and report reads; hourly and daily rollups of closed hours for the dashboard
-- and the transaction screens' counts; running member counts kept as insert-only deltas. Plain CREATE
-- INDEX: migrations run in a transaction, where CONCURRENTLY is not allowed.

-- Member search (/users/list): a member matches when one of username, e-mail, full name, referral code
-- or phone contains the text, case-insensitively (ILIKE '%text%'). Both indexes cover the five columns
-- joined by spaces, a superset of the matches that the five ILIKEs then recheck: a trigram index for
-- texts of three characters or more, and an index of every one- and two-character piece of the
-- lower-cased text for shorter ones (pg_trgm cannot answer those).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
-- member_search_text: now in functions/member_search_text.sql (decision 0057).
-- search_grams: now in functions/search_grams.sql (decision 0057).
-- (The two indexes on users made here were replaced by member_search's in 0068: since decision 0057 a new
-- database does not make them.)

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

-- rollup_closable_until: now in functions/rollup_closable_until.sql (decision 0057).

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
-- member_tally_change: now in functions/member_tally_change.sql (decision 0057).
-- users.users_member_tally: now in triggers/users.users_member_tally.sql (decision 0057).
INSERT INTO member_tally (users, members, active, blocked, invested)
SELECT count(*),
       count(*) FILTER (WHERE role = 'user'),
       count(*) FILTER (WHERE role = 'user' AND is_active = 'active'),
       count(*) FILTER (WHERE role = 'user' AND status = 'block'),
       coalesce(sum(active_plan), 0)
FROM users WHERE deleted_at IS NULL;

-- rollup_fill: now in functions/rollup_fill.sql (decision 0057).

-- The history there is now (nothing on a new database).
-- What rollup_fill(now() - interval '10 minutes') did then, written out (decision 0057: migrations call
-- no function of the tree, which is applied after them).
DO $$
DECLARE
  w timestamptz;
  target timestamptz;
BEGIN
  SELECT closed_until INTO w FROM rollup_state WHERE name = 'hourly' FOR UPDATE;
  target := date_trunc('hour', least(
    now() - interval '10 minutes',
    coalesce((SELECT min(a.xact_start) FROM pg_stat_activity a
              WHERE a.datname = current_database() AND a.pid <> pg_backend_pid()
                AND a.backend_type = 'client backend' AND a.xact_start IS NOT NULL), 'infinity')
  ), 'UTC');
  IF target <= w THEN
    RETURN;
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
END $$;
