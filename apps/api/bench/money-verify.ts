/** After `npm run bench`: proves the money moved as the 2xx responses say, and that the ledger reconciles. */
import { parseUnits } from '@sgx/money';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../src/db';
import { reconcile } from '../src/modules/ledger/ledger.service';
import { checkTeamCounters } from '../src/modules/members/counters';

export type Moved = { transfer: number; withdrawal: number; buy: number; sell: number; roi: number };

async function count(db: Db, query: RawBuilder<{ n: bigint }>): Promise<number> {
  const { rows } = await query.execute(db);
  return Number(rows[0]?.n ?? 0n);
}

/** Compares rows written with the successful responses counted; returns false when anything disagrees. */
export async function verifyMoney(db: Db, ok: Moved, prepBuys: number): Promise<boolean> {
  const lines: [string, number, number][] = [];
  const transfers = await count(
    db,
    sql<{ n: bigint }>`SELECT count(*)::bigint AS n FROM transfers WHERE kind = 'touser'`,
  );
  const transferred = await count(
    db,
    sql<{
      n: bigint;
    }>`SELECT coalesce(sum(amount), 0)::bigint / ${parseUnits('1')} AS n FROM transfers WHERE kind = 'touser'`,
  );
  lines.push(['transfers (rows / 2xx)', transfers, ok.transfer]);
  lines.push(['USD transferred (1 each)', transferred, ok.transfer]);
  const withdrawals = await count(db, sql<{ n: bigint }>`SELECT count(*)::bigint AS n FROM withdrawals`);
  const held = await count(
    db,
    sql<{
      n: bigint;
    }>`SELECT coalesce(sum(e.amount), 0)::bigint / ${parseUnits('20')} AS n FROM ledger_entries e
        JOIN ledger_accounts a ON a.id = e.account_id WHERE a.owner_id IS NULL AND a.kind = 'pending_withdrawals'`,
  );
  lines.push(['withdrawal requests (rows / 2xx)', withdrawals, ok.withdrawal]);
  lines.push(['withdrawal holds of 20 USD', held, ok.withdrawal]);
  const buys = await count(
    db,
    sql<{ n: bigint }>`SELECT count(*)::bigint AS n FROM token_transactions WHERE transaction_type = 'BUY'`,
  );
  const sells = await count(
    db,
    sql<{ n: bigint }>`SELECT count(*)::bigint AS n FROM token_transactions WHERE transaction_type = 'SELL'`,
  );
  lines.push(['token buys (rows / 2xx + set-up buys)', buys, ok.buy + prepBuys]);
  lines.push(['token sells (rows / 2xx)', sells, ok.sell]);
  const claims = await count(db, sql<{ n: bigint }>`SELECT count(*)::bigint AS n FROM roi_claims`);
  lines.push(['ROI claims (rows / 2xx)', claims, ok.roi]);
  const circulating = await count(
    db,
    sql<{
      n: bigint;
    }>`SELECT (c.total_supply - c.available_tokens - coalesce((SELECT sum(balance) FROM ledger_accounts WHERE kind = 'token' AND owner_id IS NOT NULL), 0))::bigint AS n FROM token_config c`,
  );
  let good = circulating === 0;
  console.log('\nverification');
  for (const [what, rows, expected] of lines) {
    const same = rows === expected;
    good &&= same;
    console.log(
      `  ${same ? 'ok  ' : 'FAIL'} ${what}: ${rows.toLocaleString('en')} / ${expected.toLocaleString('en')}`,
    );
  }
  console.log(`  ${circulating === 0 ? 'ok  ' : 'FAIL'} token supply: circulating = sum of member holdings`);
  const r = await reconcile(db);
  const holds = r.mismatches.length === 0 && r.unbalanced.length === 0 && r.earned_mismatches.length === 0;
  good &&= holds;
  console.log(
    `  ${holds ? 'ok  ' : 'FAIL'} ledger reconciles: ${r.accounts.toLocaleString('en')} accounts, ${r.mismatches.length} balance mismatches, ${r.unbalanced.length} unbalanced transactions, ${r.earned_mismatches.length} total_earned mismatches`,
  );
  const c = await checkTeamCounters(db);
  good &&= c.mismatches.length === 0;
  console.log(
    `  ${c.mismatches.length === 0 ? 'ok  ' : 'FAIL'} team counters: ${c.checked.toLocaleString('en')} members checked, ${c.mismatches.length} mismatches`,
  );
  return good;
}
