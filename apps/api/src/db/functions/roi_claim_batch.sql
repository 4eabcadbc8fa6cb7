-- roi_claim_batch: its live definition (decision 0057: edit this file; no migration needed).
-- Decision 0047: group commit for the daily ROI claims. The claims arriving together run roi_claim
-- (roi_claim.sql) in arrival order, each in a subtransaction of its own, in one statement and one commit: a leader above
-- many claimers is locked and credited by the batch's claims one after another inside one transaction, instead of
-- each claim queueing on the leader's row for the length of its own commit. Each claim comes back with its due,
-- paid and reason, or its error's SQLSTATE and message (already claimed, no plan, no watch, blocked...), which
-- undoes that claim alone. The settings are the batch's (the app groups claims by them).
CREATE OR REPLACE FUNCTION public.roi_claim_batch(p_user bigint[], p_day text[], p_now timestamp with time zone[], p_watch_seconds integer, p_roi_on boolean, p_level_on boolean, p_cap_multiplier bigint, p_level_percents text[], p_level_rates bigint[], p_level_unlock integer[])
 RETURNS TABLE(i integer, due bigint, paid bigint, reason text, err_code text, err_message text)
 LANGUAGE plpgsql
 ROWS 32
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  FOR n IN 1 .. coalesce(cardinality(p_user), 0) LOOP
    BEGIN
      RETURN QUERY
      SELECT n, r.due, r.paid, r.reason, NULL::text, NULL::text
      FROM roi_claim(p_user[n], p_day[n], p_now[n], p_watch_seconds, p_roi_on, p_level_on, p_cap_multiplier,
                     p_level_percents, p_level_rates, p_level_unlock) r;
    EXCEPTION WHEN OTHERS THEN
      RETURN QUERY SELECT n, NULL::bigint, NULL::bigint, NULL::text, SQLSTATE::text, SQLERRM::text;
    END;
  END LOOP;
END $function$;
