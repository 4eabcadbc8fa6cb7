-- /users/list lists members only (role 'user'; decision 0054); staff are managed under /admin/staff. The page walk of the
-- list (decision 0009) reads this index alone, as it read users_live_id_idx when staff were listed too.
CREATE INDEX users_live_member_id_idx ON users (id) WHERE deleted_at IS NULL AND role = 'user';
