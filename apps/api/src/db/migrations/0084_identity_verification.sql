-- Identity verification (decision 0074): a member's submissions per level (1: identity, 2: proof of
-- address), decided by the built-in review queue or by an identity provider's signed webhook, and the documents,
-- encrypted at rest (AES-256-GCM under IDENTITY_DOCUMENTS_KEY, a key from configuration that is never stored here).
-- A level-2 rejection waits for a second compliance officer (rejection_pending). After the retention period the
-- documents' bytes are deleted (ciphertext NULL, deleted_at set) and the submission, its decision and the documents'
-- metadata are kept.
CREATE TABLE identity_submissions (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES users (id),
  level smallint NOT NULL CHECK (level IN (1, 2)),
  state text NOT NULL DEFAULT 'submitted'
    CHECK (state IN ('submitted', 'approved', 'rejected', 'rejection_pending')),
  -- Level 1: what the member typed.
  legal_name text CHECK (legal_name IS NULL OR length(legal_name) BETWEEN 1 AND 200),
  date_of_birth date,
  country text CHECK (country IS NULL OR country ~ '^[A-Z]{2}$'),
  -- Level 2: the address.
  address_line1 text CHECK (address_line1 IS NULL OR length(address_line1) BETWEEN 1 AND 200),
  address_line2 text CHECK (address_line2 IS NULL OR length(address_line2) BETWEEN 1 AND 200),
  city text CHECK (city IS NULL OR length(city) BETWEEN 1 AND 100),
  postal_code text CHECK (postal_code IS NULL OR length(postal_code) BETWEEN 1 AND 20),
  -- 'review' (the built-in queue) or the provider's name; a provider's event id (replays are refused by it).
  provider text NOT NULL DEFAULT 'review' CHECK (provider ~ '^[a-z0-9_]{1,40}$'),
  provider_ref text CHECK (provider_ref IS NULL OR length(provider_ref) BETWEEN 1 AND 200),
  -- Who decided first (NULL: a provider), and who confirmed or overturned a level-2 rejection.
  reviewer_id bigint REFERENCES users (id),
  second_reviewer_id bigint REFERENCES users (id),
  reason text CHECK (reason IS NULL OR length(reason) BETWEEN 1 AND 1000),
  submitted_at timestamptz NOT NULL DEFAULT now(),
  reviewed_at timestamptz,
  decided_at timestamptz,
  documents_deleted_at timestamptz,
  CHECK (provider <> 'review' OR level <> 1 OR (legal_name IS NOT NULL AND date_of_birth IS NOT NULL AND country IS NOT NULL)),
  CHECK (provider <> 'review' OR level <> 2 OR (address_line1 IS NOT NULL AND city IS NOT NULL)),
  CHECK (state <> 'rejection_pending' OR level = 2),
  CHECK ((state IN ('approved', 'rejected')) = (decided_at IS NOT NULL)),
  CHECK (state <> 'rejected' OR reason IS NOT NULL)
);
-- One open submission per member and level.
CREATE UNIQUE INDEX identity_submissions_open_uq ON identity_submissions (member_id, level)
  WHERE state IN ('submitted', 'rejection_pending');
CREATE UNIQUE INDEX identity_submissions_provider_ref_uq ON identity_submissions (provider, provider_ref)
  WHERE provider_ref IS NOT NULL;
-- The queue, oldest first.
CREATE INDEX identity_submissions_queue_idx ON identity_submissions (id)
  WHERE state IN ('submitted', 'rejection_pending');
CREATE INDEX identity_submissions_member_idx ON identity_submissions (member_id, level, id DESC);
-- The retention job: decided submissions whose documents are still kept.
CREATE INDEX identity_submissions_retention_idx ON identity_submissions (decided_at)
  WHERE decided_at IS NOT NULL AND documents_deleted_at IS NULL;

CREATE TABLE identity_documents (
  id bigserial PRIMARY KEY,
  submission_id bigint NOT NULL REFERENCES identity_submissions (id),
  kind text NOT NULL CHECK (kind IN ('id_document', 'selfie', 'address_proof')),
  mime text NOT NULL CHECK (mime IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
  size integer NOT NULL CHECK (size BETWEEN 1 AND 8388608),
  -- SHA-256 of the file as uploaded (checked again after decryption).
  sha256 bytea NOT NULL CHECK (length(sha256) = 32),
  ciphertext bytea,
  iv bytea NOT NULL CHECK (length(iv) = 12),
  auth_tag bytea NOT NULL CHECK (length(auth_tag) = 16),
  -- Which key encrypted it (a fingerprint of the key, never the key).
  key_id text NOT NULL CHECK (key_id ~ '^[0-9a-f]{16}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CHECK ((deleted_at IS NULL) = (ciphertext IS NOT NULL)),
  UNIQUE (submission_id, kind)
);
-- Ciphertext does not compress: stored out of line without trying.
ALTER TABLE identity_documents ALTER COLUMN ciphertext SET STORAGE EXTERNAL;

-- The member is told of each decision.
DO $$
DECLARE
  def text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint
  WHERE conname = 'member_events_kind_check' AND conrelid = 'member_events'::regclass;
  IF def IS NOT NULL AND position('identity_approved' IN def) = 0 THEN
    ALTER TABLE member_events DROP CONSTRAINT member_events_kind_check;
    EXECUTE 'ALTER TABLE member_events ADD CONSTRAINT member_events_kind_check '
      || replace(def, 'ARRAY[', 'ARRAY[''identity_approved''::text, ''identity_rejected''::text, ');
  END IF;
END $$;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, UPDATE ON identity_submissions, identity_documents TO sgx_app';
    EXECUTE 'REVOKE TRUNCATE ON identity_submissions, identity_documents FROM sgx_app';
    EXECUTE 'GRANT USAGE, SELECT ON SEQUENCE identity_submissions_id_seq, identity_documents_id_seq TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
