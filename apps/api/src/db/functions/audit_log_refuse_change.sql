-- audit_log_refuse_change: its live definition (decision 0057: edit this file; no migration needed).
-- Written once, never changed: no UPDATE, DELETE or TRUNCATE, whoever asks.
CREATE OR REPLACE FUNCTION public.audit_log_refuse_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'audit entries cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END $function$;
