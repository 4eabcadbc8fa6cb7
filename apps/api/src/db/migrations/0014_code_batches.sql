-- A batch of codes is issued once per request key, so a retried request cannot create value twice.
ALTER TABLE codes ADD COLUMN batch_key text;
CREATE INDEX codes_batch_key_idx ON codes (batch_key);
