-- earned_marks_close: its live definition (decision 0057: edit this file; no migration needed).
-- Marks members' income at the start of UTC days (decision 0069): for a day D, what each member's wallets (working
-- and non-working) had been credited of each income type before D began, in earned_marks. Marks day D only once no
-- transaction can still add a row stamped before D (rollup_closable_until: `upto`, the app passes ten minutes ago,
-- and no transaction still open from before it). Only the days earned_mark_kept.sql keeps are made (when days are
-- caught up) and kept. The days to make come in one statement from the latest mark before them and one read of the
-- ledger since: its credits summed per member, type and the first new day they count in (width_bucket), then summed
-- up day by day; a member's row is carried to the days they earned nothing in. One marker at a time: a second
-- caller returns at once. Returns the latest marked day (null: none yet).
CREATE OR REPLACE FUNCTION public.earned_marks_close(upto timestamp with time zone)
 RETURNS date
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_custom_plan'
AS $function$
DECLARE
  target date;
  prev date;
  ds date[];
  bounds timestamptz[];
BEGIN
  IF NOT pg_try_advisory_xact_lock(727021) THEN
    RETURN (SELECT max(day) FROM earned_mark_days);
  END IF;
  target := (rollup_closable_until(upto) AT TIME ZONE 'UTC')::date;
  prev := (SELECT max(day) FROM earned_mark_days);
  SELECT array_agg(g::date ORDER BY g), array_agg(g::timestamp AT TIME ZONE 'UTC' ORDER BY g) INTO ds, bounds
  FROM generate_series(greatest(coalesce(prev + 1, target - 400), target - 400)::timestamp, target::timestamp,
                       interval '1 day') AS g
  WHERE earned_mark_kept(g::date, target);
  IF ds IS NOT NULL THEN
    INSERT INTO earned_mark_days (day) SELECT unnest(ds);
    INSERT INTO earned_marks (day, member_id, income_type, amount)
    SELECT ds[j], x.member_id, x.income_type, x.amount
    FROM (
      SELECT g.member_id, g.income_type, g.k,
             sum(g.amount) OVER w AS amount, lead(g.k, 1, cardinality(ds)) OVER w AS next_k
      FROM (
        SELECT c.member_id, c.income_type, c.k, sum(c.amount) AS amount
        FROM (
          SELECT m.member_id, m.income_type, 0 AS k, m.amount FROM earned_marks m WHERE m.day = prev
          UNION ALL
          SELECT a.owner_id, t.income_type, width_bucket(t.created_at, bounds), e.amount
          FROM ledger_transactions t
          -- An entry carries its transaction's time: with it the lookup reaches one month's partition (0079).
          JOIN ledger_entries e ON e.transaction_id = t.id AND e.created_at = t.created_at
          JOIN ledger_accounts a ON a.id = e.account_id AND a.kind IN ('working', 'non_working')
          WHERE t.income_type IS NOT NULL
            AND t.created_at >= coalesce(prev::timestamp AT TIME ZONE 'UTC', '-infinity')
            AND t.created_at < bounds[cardinality(bounds)]
        ) c
        GROUP BY c.member_id, c.income_type, c.k
      ) g
      WINDOW w AS (PARTITION BY g.member_id, g.income_type ORDER BY g.k)
    ) x
    CROSS JOIN LATERAL generate_series(x.k + 1, x.next_k) AS j
    WHERE x.amount <> 0;
  END IF;
  DELETE FROM earned_mark_days WHERE NOT earned_mark_kept(day, target);
  RETURN (SELECT max(day) FROM earned_mark_days);
END
$function$;
