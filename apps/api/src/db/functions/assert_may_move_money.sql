-- assert_may_move_money: its live definition (decision 0057: edit this file; no migration needed).
-- The one money-out check. FOR SHARE: taken after any FOR UPDATE of the same row in the transaction
-- (never before it, which two concurrent transactions would turn into a deadlock on the upgrade).
CREATE OR REPLACE FUNCTION public.assert_may_move_money(p_member bigint)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_status text;
BEGIN
  SELECT u.status INTO v_status FROM users u WHERE u.id = p_member FOR SHARE;
  IF v_status = 'block' THEN
    RAISE EXCEPTION 'Your account is blocked. Please contact support.' USING ERRCODE = 'SX301';
  END IF;
END $function$;
