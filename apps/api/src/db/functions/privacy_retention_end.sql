-- privacy_retention_end: its live definition (decision 0057: edit this file; no migration needed).
-- Decision 0077: the end of the retention period of a closed (erased) member's kept records. The period, 1825 days
-- (five years after the account was closed, the anti-money-laundering record period after a business relationship
-- ends), is counted from users.deleted_at and lives here only. For up to p_limit members closed by erasure (e-mail
-- `...@erased.invalid`) before least(p_at, now()) minus the period, and not done yet (no `privacy.retention_end`
-- audit record: the caller writes it in this transaction), it deletes their risk signals (access_ips) and linked
-- wallets, clears the sender addresses of their deposits and their country, and reduces their compliance flags
-- and sanctions hits to their kind, status and dates. The ledger, the money movements' chain records (deposit hashes,
-- withdrawal and payout addresses and hashes), deposit addresses and the audit trail are not touched: the books and
-- published proofs keep reconciling under the pseudonym. SECURITY DEFINER: the app role may not delete risk
-- signals otherwise, and this deletes only those of erased members past the period.
CREATE OR REPLACE FUNCTION public.privacy_retention_end(p_at timestamp with time zone, p_limit integer)
 RETURNS TABLE(member_id bigint, touched jsonb)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
DECLARE
  m bigint;
  n_ips bigint;
  n_wallets bigint;
  n_deposits bigint;
  n_flags bigint;
  n_hits bigint;
  n_country bigint;
BEGIN
  FOR m IN
    SELECT u.id FROM public.users u
    WHERE u.deleted_at IS NOT NULL
      AND u.email LIKE '%@erased.invalid'
      AND u.deleted_at <= least(p_at, now()) - make_interval(days => 1825)
      AND NOT EXISTS (SELECT 1 FROM public.audit_log a
                      WHERE a.action = 'privacy.retention_end' AND a.entity = 'user' AND a.entity_id = u.id::text)
    ORDER BY u.deleted_at, u.id
    LIMIT greatest(p_limit, 0)
    FOR UPDATE OF u SKIP LOCKED
  LOOP
    DELETE FROM public.access_ips i WHERE i.user_id = m;
    GET DIAGNOSTICS n_ips = ROW_COUNT;
    DELETE FROM public.member_wallets w WHERE w.user_id = m;
    GET DIAGNOSTICS n_wallets = ROW_COUNT;
    UPDATE public.deposits d SET from_address = NULL WHERE d.user_id = m AND d.from_address IS NOT NULL;
    GET DIAGNOSTICS n_deposits = ROW_COUNT;
    UPDATE public.member_flags f
       SET reason = '[erased]', details = '{}'::jsonb,
           clear_reason = CASE WHEN f.clear_reason IS NULL THEN NULL ELSE '[erased]' END
     WHERE f.member_id = m AND (f.reason <> '[erased]' OR f.details <> '{}'::jsonb);
    GET DIAGNOSTICS n_flags = ROW_COUNT;
    UPDATE public.sanctions_hits h SET address = '[erased]', decision_reason = NULL
     WHERE h.member_id = m AND h.address <> '[erased]';
    GET DIAGNOSTICS n_hits = ROW_COUNT;
    UPDATE public.users u SET country = NULL WHERE u.id = m AND u.country IS NOT NULL;
    GET DIAGNOSTICS n_country = ROW_COUNT;
    member_id := m;
    touched := jsonb_build_object('access_ips', n_ips, 'member_wallets', n_wallets, 'deposits', n_deposits,
                                  'member_flags', n_flags, 'sanctions_hits', n_hits, 'users', n_country);
    RETURN NEXT;
  END LOOP;
END $function$;
