-- ledger_post: its live definition (decision 0057: edit this file; no migration needed).
-- One posting, as every service's post() (ledger.service.ts) makes it: ledger_post_many.sql (decision 0064), the
-- one writer of ledger_entries, given one posting. The key's first result stands; an account is opened when
-- missing; member balances move in account-id order and never below zero unless allowed; one entry per element.
-- Its statements keep one generic plan per connection (decision 0047).
CREATE OR REPLACE FUNCTION public.ledger_post(p_key text, p_kind text, p_income_type text, p_member_id bigint, p_memo text, p_details jsonb, p_created_by bigint, p_owners bigint[], p_kinds text[], p_assets text[], p_amounts bigint[])
 RETURNS TABLE(transaction_id bigint, created boolean)
 LANGUAGE plpgsql
 ROWS 1
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  RETURN QUERY
  SELECT m.transaction_id, m.created
  FROM ledger_post_many(ARRAY[p_key], ARRAY[p_kind], ARRAY[p_income_type], ARRAY[p_member_id], ARRAY[p_memo],
                        ARRAY[p_details], p_created_by,
                        array_fill(1, ARRAY[coalesce(cardinality(p_amounts), 0)]), p_owners, p_kinds, p_assets,
                        p_amounts) AS m;
END $function$;
