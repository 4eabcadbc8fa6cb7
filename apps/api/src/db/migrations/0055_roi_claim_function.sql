-- The daily ROI claim in one statement (decision 0045).
--
-- The claim was about 30 round trips in one transaction: the member's row locked first, then each of up to ten
-- uplines' rows locked in turn (FOR UPDATE, for the earning cap's total_earned) by creditIncome and held until
-- commit, so claims under one leader ran one after another, each holding the leader for most of 30 round trips.
-- roi_claim() does the same work in one statement, run on its own (autocommit), so the commit follows in the same
-- round trip:
--   1. the checks without a lock, with their answers (SX501 'Member not found.' 404, SX502 'Access Denied' 403,
--      SX503 'Please buy a plan first' 422, SX504 already claimed today 409, SX505 watch first 422);
--   2. the member and the uplines locked once, in id order (no deadlock between claims, or with top-ups, which
--      lock in id order too): FOR NO KEY UPDATE for the rows it may credit, FOR KEY SHARE for the uplines whose
--      level is locked (their skip records reference them); the member's checks again under the lock;
--   3. the claim, the ROI and the level income with the rules of creditIncome / recordSkip (income.service.ts;
--      since decision 0063 both ask the one earning-cap decision, functions/income_decision.sql): feature
--      switches, blocked / inactive / closed, the earning cap with its cut and 'over-cap' skip, the owner-side
--      reasons, the notices, the same idempotency keys and ledger details.
-- So a leader's row is held for the rest of one statement and the commit, not for 30 round trips.
-- Arithmetic is mulDiv of @sgx/money on numeric (sgx_mul_div: a * b / c rounded half away from zero).
-- sgx_mul_div: now in functions/sgx_mul_div.sql (decision 0057).

-- sgx_units_text: now in functions/sgx_units_text.sql (decision 0057).

-- sgx_usd: now in functions/sgx_usd.sql (decision 0057).

-- income_decide: now in functions/income_decide.sql (decision 0057).

-- roi_claim: now in functions/roi_claim.sql (decision 0057).

-- ALTER FUNCTION income_decide ROWS 1: folded into functions/income_decide.sql (decision 0057).
-- ALTER FUNCTION roi_claim ROWS 1: folded into functions/roi_claim.sql (decision 0057).
