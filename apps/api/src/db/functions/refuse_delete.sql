-- refuse_delete: its live definition (decision 0057: edit this file; no migration needed).
-- What the keys kept from going away.
CREATE OR REPLACE FUNCTION public.refuse_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION '% rows are never deleted (% on %)', TG_TABLE_NAME, TG_OP, TG_TABLE_NAME USING ERRCODE = 'P0001';
END $function$;
