-- Rule versions (decision 0070): every set of economic rules in force, numbered, from the moment it came into force
-- (the next version's from_at ends it). Written by modules/rules/rule-versions.ts in the same transaction as the
-- change of settings or plans that made it; version 1 ('initial') is the rules found before the first change, or at
-- the first start. The rules: {"settings": the settings in force merged with their defaults, "plans": the economic
-- fields of every plan}. Append-only, like the ledger whose income credits name them (details.rule_version).
CREATE TABLE rule_versions (
  version bigint PRIMARY KEY CHECK (version > 0),
  rules jsonb NOT NULL,
  from_at timestamptz NOT NULL DEFAULT now(),
  cause text NOT NULL CHECK (cause IN ('initial', 'settings', 'plan')),
  changed_by bigint REFERENCES users (id),
  reason text,
  approval_id bigint REFERENCES approvals (id)
);
-- (Append-only: triggers/rule_versions.rule_versions_append_only.sql.)

-- A plan's creation, economic edit or withdrawal from sale waits for a second admin (decision 0070), as a change of
-- the economic settings does.
ALTER TABLE approvals DROP CONSTRAINT approvals_kind_check;
ALTER TABLE approvals ADD CONSTRAINT approvals_kind_check CHECK (kind IN (
  'withdrawal', 'debit', 'transaction', 'transaction_edit', 'balance_edit', 'settings', 'deposit', 'codes',
  'chain_settings', 'deposit_address', 'token_price', 'plan'));

-- The app may read and add versions, never change or remove one (the trigger refuses it too).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT ON rule_versions TO sgx_app';
    EXECUTE 'REVOKE UPDATE, DELETE, TRUNCATE ON rule_versions FROM sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
