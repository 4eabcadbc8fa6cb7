-- Searches of the admin lists from indexes (decision 0094). A list's search names its members first
-- (member_search) and filters its rows by their ids; the rest of each search (a deposit's hash, a withdrawal's
-- address, a plan's name) is looked up by its own index beside them, so that a search naming a few rows counts those
-- instead of every row of the list (5-11 s for the deposits, top-ups and plans at 1,000,000 members).
CREATE INDEX deposits_hash_trgm_idx ON deposits USING gin (hash gin_trgm_ops);
CREATE INDEX withdrawals_address_trgm_idx ON withdrawals USING gin (address gin_trgm_ops);
-- A member's plans, ended ones too (member_plans_one_active holds the active one only), and a plan's.
CREATE INDEX member_plans_user_idx ON member_plans (user_id, id);
CREATE INDEX member_plans_plan_idx ON member_plans (plan_id, id);
CREATE INDEX topups_plan_idx ON topups (plan_id, id);
