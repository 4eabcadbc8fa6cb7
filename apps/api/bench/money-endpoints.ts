/** The money endpoints `npm run bench` drives, their request bodies (packages/contracts) and targets. */
import type { Req } from './lib/load';
import type { Member } from './money-setup';

export const ENDPOINTS = ['transfer', 'withdrawal', 'buy', 'sell', 'roi'] as const;
export type EndpointName = (typeof ENDPOINTS)[number];

/**
 * Decision 0047's targets (decision 0010 had asked 0.8x for transfers and withdrawals, 0.3x for trades): throughput as a
 * share of pgbench's TPC-B-like tps, and p99 latency at 32 connections.
 */
export const TARGETS: Record<EndpointName, { ratio: number; p99: number } | null> = {
  transfer: { ratio: 0.5, p99: 50 },
  withdrawal: { ratio: 0.5, p99: 50 },
  buy: { ratio: 0.25, p99: 100 },
  sell: { ratio: 0.25, p99: 100 },
  /** Decision 0045: 2,000 members of whom 1,000 under one leader, all claiming at once. */
  roi: { ratio: 0.15, p99: 200 },
};

export const LABELS: Record<EndpointName | 'watch', string> = {
  transfer: 'POST /transfer/touser',
  withdrawal: 'POST /withdrawalrequest/add',
  buy: 'POST /social-genx/buy',
  sell: 'POST /social-genx/sell',
  watch: 'POST /watch/start',
  roi: 'PUT /referral/self-trade/{id} (ROI claim)',
};

const auth = (m: Member, key?: string): Record<string, string> => ({
  authorization: `Bearer ${m.token}`,
  ...(key ? { 'idempotency-key': key } : {}),
});

/** Who sends request k of an endpoint, to whom (transfers), and its Idempotency-Key. */
export function requestFacts(name: EndpointName, members: Member[], runId: string, k: number) {
  const n = members.length;
  const from = members[k % n];
  const to = name === 'transfer' ? members[(k + Math.floor(n / 2)) % n] : undefined;
  return from ? { from, to, key: `${runId}-${name}-${k}` } : undefined;
}

/**
 * Request k of each endpoint. Consecutive requests come from consecutive members, so 32 requests in
 * flight belong to 32 different members (no member waits on their own row lock); every request that
 * moves money carries a unique Idempotency-Key.
 */
export function requestMaker(
  name: 'transfer' | 'withdrawal' | 'buy',
  members: Member[],
  tokenId: number,
  runId: string,
): (k: number) => Req | undefined {
  return (k) => {
    const facts = requestFacts(name, members, runId, k);
    if (!facts) return undefined;
    const { from, to, key } = facts;
    if (name === 'transfer') {
      if (!to) return undefined;
      return {
        method: 'POST',
        path: '/transfer/touser',
        headers: auth(from, key),
        body: { user_id: Number(from.id), userto_id: Number(to.id), amount: '1' },
      };
    }
    if (name === 'withdrawal') {
      return {
        method: 'POST',
        path: '/withdrawalrequest/add',
        headers: auth(from, key),
        body: { user_id: Number(from.id), amount: '20', currency: 'BEP20' },
      };
    }
    return {
      method: 'POST',
      path: '/social-genx/buy',
      headers: auth(from, key),
      body: { token_id: tokenId, amount: '10', user_id: Number(from.id) },
    };
  };
}

/** Sells one SGX a request, round-robin over members holding tokens, never more than each holds. */
export function sellMaker(
  holders: { member: Member; units: number }[],
  tokenId: number,
  runId: string,
): { make: (k: number) => Req | undefined; capacity: number } {
  const left = holders.map((h) => h.units);
  const capacity = left.reduce((a, b) => a + b, 0);
  let cursor = 0;
  return {
    capacity,
    make: (k) => {
      for (let tries = 0; tries < holders.length; tries++) {
        const i = cursor++ % holders.length;
        const h = holders[i];
        if (h && (left[i] ?? 0) > 0) {
          left[i] = (left[i] ?? 0) - 1;
          return {
            method: 'POST',
            path: '/social-genx/sell',
            headers: auth(h.member, `${runId}-sell-${k}`),
            body: { token_id: tokenId, amount: '1', user_id: Number(h.member.id) },
          };
        }
      }
      return undefined;
    },
  };
}

/** The watch session start of member k (one per member). */
export const watchRequest =
  (members: Member[]) =>
  (k: number): Req | undefined => {
    const m = members[k];
    return m ? { method: 'POST', path: '/watch/start', headers: auth(m) } : undefined;
  };

/** Today's ROI claim of member k (once per member per business day). */
export const claimRequest =
  (members: Member[]) =>
  (k: number): Req | undefined => {
    const m = members[k];
    return m ? { method: 'PUT', path: `/referral/self-trade/${m.id}`, headers: auth(m) } : undefined;
  };
