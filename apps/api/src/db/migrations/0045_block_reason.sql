-- Why a member is blocked (decision 0035): the reason the admin gave when blocking, shown to the member
-- on every page of their area. Required when blocking (the edit refuses a block without one); an account blocked
-- before this migration has none. Only a blocked account keeps one: unblocking clears it.
ALTER TABLE users
  ADD COLUMN block_reason text,
  ADD CONSTRAINT users_block_reason_only_blocked CHECK (block_reason IS NULL OR status = 'block');
