-- audit_log_fill_member: its live definition (decision 0057: edit this file; no migration needed).
CREATE OR REPLACE FUNCTION public.audit_log_fill_member()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NEW.member_id IS NULL THEN
    NEW.member_id := audit_member_of(NEW.entity, NEW.entity_id);
  END IF;
  RETURN NEW;
END $function$;
