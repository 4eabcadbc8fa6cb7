import { randomBytes } from 'node:crypto';
import { parseUnits } from '@sgx/money';
import type { App, Deps } from '../src/app';
import { post } from '../src/modules/ledger/ledger.service';
import { launchToken as launch } from '../src/modules/token/launch';
import { bearer } from './factories';
import { sqlOn } from './helpers';

/** Credits a member's deposit wallet through the ledger (as an approved deposit would). */
export function fundDeposit(
  deps: Deps,
  member: bigint,
  amount: string,
  key = `test-fund:${randomBytes(8).toString('hex')}`,
) {
  return deps.db.transaction().execute((tx) =>
    post(tx, {
      key,
      kind: 'deposit',
      memberId: member,
      entries: [
        { account: { owner: member, kind: 'deposit' }, amount: parseUnits(amount) },
        { account: { owner: null, kind: 'cash' }, amount: -parseUnits(amount) },
      ],
    }),
  );
}

/** Credits a member's working or non-working wallet as income would (no cap: for arranging tests). */
export function fundWallet(
  deps: Deps,
  member: bigint,
  wallet: 'working' | 'non_working' | 'compound',
  amount: string,
) {
  return deps.db.transaction().execute((tx) =>
    post(tx, {
      key: `test-income:${randomBytes(8).toString('hex')}`,
      kind: 'income',
      memberId: member,
      entries: [
        { account: { owner: member, kind: wallet }, amount: parseUnits(amount) },
        { account: { owner: null, kind: 'income_expense' }, amount: -parseUnits(amount) },
      ],
    }),
  );
}

export const randomHash = () => `0x${randomBytes(32).toString('hex')}`;

/** A member's wallets as the API reports them. */
export async function walletsOf(app: App, token: string, member: bigint) {
  const res = await app.inject({ url: `/api/v1/tr/wallet/${member}`, headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`wallets: ${res.statusCode} ${res.body}`);
  return res.json().wallets as Record<
    'deposit' | 'working' | 'non_working' | 'compound' | 'pending_withdrawals',
    string
  >;
}

/** Launches the SGX token as the seed does, without the launch point of the price history. */
export const launchToken = (deps: Deps, supply: bigint) => launch(deps.db, supply, { history: false });

/** Every balance of a member and the number of ledger transactions about them (read as the owner at `url`). */
export async function moneyOf(url: string, id: bigint) {
  const accounts = await sqlOn(
    url,
    'SELECT kind, balance FROM ledger_accounts WHERE owner_id = $1 ORDER BY id',
    [id],
  );
  const postings = await sqlOn(
    url,
    'SELECT count(*)::int AS n FROM ledger_transactions WHERE member_id = $1 OR created_by = $1',
    [id],
  );
  return { accounts: accounts.rows, postings: postings.rows[0]?.n };
}
