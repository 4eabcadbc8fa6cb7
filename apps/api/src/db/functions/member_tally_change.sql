-- member_tally_change: its live definition (decision 0057: edit this file; no migration needed).
CREATE OR REPLACE FUNCTION public.member_tally_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  d_users bigint := 0;
  d_members bigint := 0;
  d_active bigint := 0;
  d_blocked bigint := 0;
  d_invested bigint := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    d_users := d_users - 1;
    d_invested := d_invested - OLD.active_plan;
    IF OLD.role = 'user' THEN
      d_members := d_members - 1;
      d_active := d_active - (OLD.is_active = 'active')::int;
      d_blocked := d_blocked - (OLD.status = 'block')::int;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.deleted_at IS NULL THEN
    d_users := d_users + 1;
    d_invested := d_invested + NEW.active_plan;
    IF NEW.role = 'user' THEN
      d_members := d_members + 1;
      d_active := d_active + (NEW.is_active = 'active')::int;
      d_blocked := d_blocked + (NEW.status = 'block')::int;
    END IF;
  END IF;
  IF d_users <> 0 OR d_members <> 0 OR d_active <> 0 OR d_blocked <> 0 OR d_invested <> 0 THEN
    INSERT INTO member_tally (users, members, active, blocked, invested)
    VALUES (d_users, d_members, d_active, d_blocked, d_invested);
  END IF;
  RETURN NULL;
END $function$;
