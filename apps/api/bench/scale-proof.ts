/**
 * `npm run bench:scale`, decision 0044: the proof of liabilities' tree built over every member (time and the
 * process's peak memory above what it held before), then the reads a member makes of it and of their
 * statements (scale-reads.ts: groups `proof` and `statement`).
 */
import type { Deps } from '../src/app';
import { ProofService, utcDay } from '../src/modules/proof/proof.service';
import type { Read } from './scale-reads';

export type ProofBuildTiming = { ms: number; peakMb: number; leaves: number; built: boolean };

/** Targets of decision 0044: the tree of 1,000,000 members in under 30 s and 1 GB. */
export const PROOF_BUILD_TARGET = { ms: 30_000, mb: 1024 };

export async function timeProofBuild(deps: Deps): Promise<ProofBuildTiming> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  try {
    const r = await new ProofService(deps.db).buildDay(utcDay(new Date()));
    const ms = performance.now() - started;
    peak = Math.max(peak, process.memoryUsage().rss);
    return { ms, peakMb: (peak - before) / 2 ** 20, leaves: r.tree.leaf_count, built: r.built };
  } finally {
    clearInterval(sampler);
  }
}

/** This month so far (UTC days), as a statement's query asks it. */
function thisMonth(now = new Date()): string {
  const to = now.toISOString().slice(0, 10);
  return `from=${to.slice(0, 8)}01&to=${to}`;
}

/** The longest range a statement allows: the year up to today (every posting of the loaded history). */
function lastYear(now = new Date()): string {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - 364 * 86_400_000).toISOString().slice(0, 10);
  return `from=${from}&to=${to}`;
}

/** A member's and the leader's proof and this month's working-wallet statement. */
export function proofReads(o: { memberId: number; tokens: { member: string; leader: string } }): Read[] {
  const month = thisMonth();
  return [
    {
      group: 'proof',
      label: 'GET /proof/me',
      as: `member ${o.memberId}`,
      token: o.tokens.member,
      path: '/proof/me',
    },
    { group: 'proof', label: 'GET /proof/me', as: 'the leader', token: o.tokens.leader, path: '/proof/me' },
    {
      group: 'statement',
      label: 'GET /statements?wallet=working (this month)',
      as: `member ${o.memberId}`,
      token: o.tokens.member,
      path: `/statements?wallet=working&${month}`,
    },
    {
      group: 'statement',
      label: 'GET /statements?wallet=working (this month)',
      as: 'the leader',
      token: o.tokens.leader,
      path: `/statements?wallet=working&${month}`,
    },
    {
      group: 'statement',
      label: 'GET /statements?wallet=working (a year)',
      as: 'the leader',
      token: o.tokens.leader,
      path: `/statements?wallet=working&${lastYear()}`,
    },
  ];
}
