-- payout_address_hold: its live definition (decision 0057: edit this file; no migration needed).
-- The end of the hold on a member's payout address for a currency, or NULL when withdrawals to it may go
-- now: the latest uncancelled change that set this address and whose hold has not ended. An address set
-- without a change row (before migration 0030 made them) is not held. The one rule both withdrawal paths use.
CREATE OR REPLACE FUNCTION public.payout_address_hold(p_user bigint, p_currency text, p_address text)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE
AS $function$
  SELECT max(c.hold_until) FROM payout_address_changes c
  WHERE c.user_id = p_user AND c.currency = p_currency AND c.cancelled_at IS NULL
    AND lower(c.new_address) = lower(p_address) AND c.hold_until > now()
$function$;
