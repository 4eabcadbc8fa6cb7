-- withdrawal_risk() (redefined in 0034) returns one row per signal, nine in all; without an estimate the planner
-- assumes 1000 rows for a set-returning function, which misleads the plans of queries that join its rows.
ALTER FUNCTION withdrawal_risk(bigint) ROWS 9;
