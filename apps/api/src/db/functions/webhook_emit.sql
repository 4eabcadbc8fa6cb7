-- webhook_emit: its live definition (decision 0057: edit this file; no migration needed).
-- Decision 0072: writes one webhook event into the outbox (webhook_events) in the caller's transaction, so the event
-- exists exactly when the change it reports commits. Nothing is written when no enabled endpoint wants the type (an
-- endpoint hears the events that happen while it is on). A money event names its ledger transactions by their
-- idempotency keys (p_ledger_keys): their ids and the latest published proof-of-liabilities root are added to its data.
-- One INSERT; the dispatcher (modules/webhooks/dispatcher.ts) makes the deliveries and numbers them per endpoint.
CREATE OR REPLACE FUNCTION public.webhook_emit(p_type text, p_data jsonb, p_ledger_keys text[] DEFAULT NULL)
 RETURNS uuid
 LANGUAGE sql
AS $function$
  INSERT INTO webhook_events (type, data)
  SELECT p_type,
         CASE WHEN p_ledger_keys IS NULL THEN p_data ELSE p_data || jsonb_build_object(
           'ledger_transaction_ids',
           coalesce((SELECT jsonb_agg(t.id::text ORDER BY t.id) FROM ledger_transaction_keys t
                     WHERE t.idempotency_key = ANY (p_ledger_keys)), '[]'::jsonb),
           'proof', (SELECT jsonb_build_object('day', to_char(p.day, 'YYYY-MM-DD'), 'root', p.root)
                     FROM proof_trees p ORDER BY p.day DESC LIMIT 1)) END
  WHERE webhook_wanted(p_type)
  RETURNING id
$function$;
