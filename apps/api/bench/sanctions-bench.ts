/**
 * `npm run bench -- --only sanctions [--sanctions-addresses N] [--sanctions-checks K] [--sanctions-runs R]`: the
 * sanctions check of decision 0075 (`screenAddress`: one indexed lookup on the normalised address) on a real
 * PostgreSQL holding N listed addresses (default 100,000: EVM and TRON, loaded as one OFAC list through
 * `replaceOfacList`, as `npm run sanctions:update` does). K checks one after another on one connection, half of them
 * hits (listed addresses in the published mixed case) and half misses; the figure is the time per check, median of R
 * runs (target under 1 ms). Each run is checked: every hit found, every miss not.
 */
import { randomBytes } from 'node:crypto';
import { hexToTron } from '@sgx/contracts';
import { APP_ROLE, connect, type Database, queryOnce } from '../src/db';
import { replaceOfacList, screenAddress } from '../src/modules/sanctions/sanctions.lists';
import type { ParsedEntry } from '../src/modules/sanctions/sdn-parser';
import { type BenchPostgres, startBenchPostgres } from './lib/pg';
import { median } from './lib/stats';

export type SanctionsBenchOptions = { addresses: number; checks: number; runs: number };

const evm = () => `0x${randomBytes(20).toString('hex')}`;
/** A published-looking EVM address: some letters in capitals. */
const mixedCase = (a: string) =>
  `0x${[...a.slice(2)].map((ch, i) => (i % 3 === 0 ? ch.toUpperCase() : ch)).join('')}`;

/** Runs the bench; resolves true when every run found every hit and no miss. */
export async function runSanctionsBench(
  o: SanctionsBenchOptions,
  log: (m: string) => void,
): Promise<boolean> {
  let bench: BenchPostgres | undefined;
  let database: Database | undefined;
  let good = true;
  try {
    bench = await startBenchPostgres('sanctions', log);
    const owner = connect(bench.url, 2);
    const entries: ParsedEntry[] = [];
    for (let i = 0; i < o.addresses; i++) {
      const a = evm();
      entries.push(
        i % 5 === 4
          ? { family: 'tron', address: hexToTron(a), currencies: ['TRX'] }
          : { family: 'evm', address: a, currencies: ['ETH'] },
      );
    }
    const loaded = performance.now();
    await replaceOfacList(owner.db, {
      publishedOn: '2026-01-01',
      extractedFrom: 'bench',
      sha256: '0'.repeat(64),
      entries,
      loadedBy: null,
    });
    log(
      `${o.addresses.toLocaleString('en')} addresses loaded as one list in ${Math.round(performance.now() - loaded)} ms`,
    );
    await queryOnce(bench.url, 'ANALYZE sanctioned_addresses');
    await owner.close();
    // The app's own login, one connection: the check as a request makes it.
    database = connect(bench.url, 1, APP_ROLE);
    const db = database.db;
    const perCheck: number[] = [];
    for (let run = 1; run <= o.runs; run++) {
      const asks = Array.from({ length: o.checks }, (_, k) => {
        if (k % 2 === 1) return { address: evm(), listed: false };
        const e = entries[Math.floor(Math.random() * entries.length)] as ParsedEntry;
        return { address: e.family === 'evm' ? mixedCase(e.address) : e.address, listed: true };
      });
      let wrong = 0;
      const started = performance.now();
      for (const a of asks) {
        const s = await screenAddress(db, a.address);
        if (s.hit !== a.listed) wrong++;
      }
      const ms = (performance.now() - started) / o.checks;
      perCheck.push(ms);
      good = good && wrong === 0;
      log(
        `run ${run}: ${o.checks.toLocaleString('en')} checks (half hits) at ${o.addresses.toLocaleString('en')} listed: ${(ms * 1000).toFixed(0)} µs per check${wrong ? ` CHECK FAILED (${wrong} wrong)` : ''}`,
      );
    }
    const m = median(perCheck);
    log(`median ${(m * 1000).toFixed(0)} µs per check (target under 1 ms: ${m < 1 ? 'met' : 'missed'})`);
  } finally {
    await database?.close();
    await bench?.stop();
  }
  return good;
}
