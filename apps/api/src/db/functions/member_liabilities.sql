-- member_liabilities: its live definition (decision 0057: edit this file; no migration needed).
-- What the platform owes each member at a cut-off (decision 0044), the one home of that rule: the proof of
-- liabilities makes its leaves of it (proof.snapshot.ts) and the solvency report (decision 0068) sums it as L0.
-- Each member-owned account's balance less the entries of transactions that started at or after the cut-off, plus
-- the member's withdrawals pending at the cut-off (still owed to them: held in the platform's pending_withdrawals
-- account): the gross amount of every withdrawal pending now, less that account's entries in transactions started
-- at or after the cut-off (so exactly the holds of transactions started before it, not yet paid or returned by one
-- started before it). Every member is a row, one without money too (zeros), and so is any other account owner.
-- Read it in one REPEATABLE READ snapshot. A plain SQL function: the planner inlines it into the caller's query.
CREATE OR REPLACE FUNCTION public.member_liabilities(p_cutoff timestamp with time zone)
 RETURNS TABLE(member_id bigint, usd bigint, sgx bigint)
 LANGUAGE sql
 STABLE
AS $function$
  WITH later AS (
    SELECT e.account_id, sum(e.amount) AS amount
    FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
    WHERE t.created_at >= p_cutoff
    GROUP BY e.account_id
  ), held AS (
    SELECT a.owner_id,
           coalesce(sum(a.balance - coalesce(l.amount, 0)) FILTER (WHERE a.asset = 'USD'), 0) AS usd,
           coalesce(sum(a.balance - coalesce(l.amount, 0)) FILTER (WHERE a.asset = 'SGX'), 0) AS sgx
    FROM ledger_accounts a LEFT JOIN later l ON l.account_id = a.id
    WHERE a.owner_id IS NOT NULL
    GROUP BY a.owner_id
  ), pending AS (
    SELECT p.owner_id, sum(p.amount) AS usd FROM (
      SELECT w.user_id AS owner_id, w.amount FROM withdrawals w WHERE w.status = 'pending'
      UNION ALL
      SELECT t.member_id, -e.amount
      FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
      JOIN ledger_accounts a ON a.id = e.account_id
        AND a.owner_id IS NULL AND a.kind = 'pending_withdrawals' AND a.asset = 'USD'
      WHERE t.created_at >= p_cutoff
    ) AS p
    GROUP BY p.owner_id
  )
  SELECT u.id, (coalesce(h.usd, 0) + coalesce(p.usd, 0))::bigint, coalesce(h.sgx, 0)::bigint
  FROM users u LEFT JOIN held h ON h.owner_id = u.id LEFT JOIN pending p ON p.owner_id = u.id
  WHERE u.role = 'user' OR h.owner_id IS NOT NULL OR p.owner_id IS NOT NULL
$function$;
