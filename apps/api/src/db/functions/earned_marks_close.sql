-- earned_marks_close: its live definition (decision 0057: edit this file; no migration needed).
-- Marks members' income at the start of UTC days (decision 0069): for a day D, what each member's wallets (working
-- and non-working) had been credited of each income type before D began, in earned_marks. Marks day D only once no
-- transaction can still add a row stamped before D (rollup_closable_until: `upto`, the app passes ten minutes ago,
-- and no transaction still open from before it). Each mark is the previous mark plus the ledger's income credits
-- between them, so a run reads the ledger once over the days it adds; the first run reads the whole history once.
-- Only the marks earned_mark_kept.sql keeps are made (when days are caught up) and kept. One marker at a time: a
-- second caller returns at once. Returns the latest marked day (null: none yet).
CREATE OR REPLACE FUNCTION public.earned_marks_close(upto timestamp with time zone)
 RETURNS date
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_custom_plan'
AS $function$
DECLARE
  target date;
  d date;
  prev date;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727021) THEN
    RETURN (SELECT max(day) FROM earned_mark_days);
  END IF;
  target := (rollup_closable_until(upto) AT TIME ZONE 'UTC')::date;
  FOR d IN
    SELECT g::date FROM generate_series(
      greatest(coalesce((SELECT max(day) + 1 FROM earned_mark_days), target - 400), target - 400)::timestamp,
      target::timestamp, interval '1 day') AS g
  LOOP
    CONTINUE WHEN NOT earned_mark_kept(d, target);
    SELECT max(day) INTO prev FROM earned_mark_days WHERE day < d;
    INSERT INTO earned_mark_days (day) VALUES (d);
    INSERT INTO earned_marks (day, member_id, income_type, amount)
    SELECT d, x.member_id, x.income_type, sum(x.amount)
    FROM (
      SELECT m.member_id, m.income_type, m.amount FROM earned_marks m WHERE m.day = prev
      UNION ALL
      SELECT a.owner_id, t.income_type, e.amount
      FROM ledger_transactions t
      JOIN ledger_entries e ON e.transaction_id = t.id
      JOIN ledger_accounts a ON a.id = e.account_id AND a.kind IN ('working', 'non_working')
      WHERE t.income_type IS NOT NULL
        AND t.created_at >= coalesce(prev::timestamp AT TIME ZONE 'UTC', '-infinity')
        AND t.created_at < d::timestamp AT TIME ZONE 'UTC'
    ) x
    GROUP BY x.member_id, x.income_type
    HAVING sum(x.amount) <> 0;
  END LOOP;
  DELETE FROM earned_mark_days
  WHERE NOT earned_mark_kept(day, target);
  RETURN (SELECT max(day) FROM earned_mark_days);
END
$function$;
