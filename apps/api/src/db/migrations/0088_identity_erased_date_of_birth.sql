-- Erasure of a closed member's identity submissions (decision 0077): the date of birth is personal data like the
-- legal name, and is erased with it. The level-1 completeness check required it for ever; it now requires it while
-- the submission is not erased (an erased submission's legal name reads '[erased]', REDACTED in privacy.erase.ts).
ALTER TABLE identity_submissions DROP CONSTRAINT identity_submissions_check;
ALTER TABLE identity_submissions ADD CONSTRAINT identity_submissions_check CHECK (
  provider <> 'review' OR level <> 1
  OR (legal_name IS NOT NULL AND country IS NOT NULL AND (date_of_birth IS NOT NULL OR legal_name = '[erased]'))
);
