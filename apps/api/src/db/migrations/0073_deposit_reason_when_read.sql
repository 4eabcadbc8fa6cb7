-- "the server does not read <chain>" (decision 0055) was stored when a deposit was made and stayed after the server
-- read that chain (and after an admin credited the deposit). That reason is now said when the deposit is read,
-- from the chains read then (deposits.records.ts chainCheckNow); the stored copies go.
UPDATE deposits
SET chain_reason = NULL
WHERE chain_status = 'manual'
  AND chain_reason LIKE 'The server does not read %: an admin checks this deposit by hand.';
