/** `npm run bench:scale`, step 4: the member, referral and admin reads through HTTP, median of several calls. */
import type { Client } from './lib/load';
import { excerpt, median } from './lib/stats';

export type Group = 'member' | 'referral' | 'admin' | 'proof' | 'statement';
/** The reads of decision 0009; an inclusion proof under 10 ms (decision 0044), a month's statement under 200 ms (decision 0043). */
export const READ_TARGET_MS: Record<Group, number> = {
  member: 10,
  referral: 10,
  admin: 100,
  proof: 10,
  statement: 200,
};

export type Read = {
  group: Group;
  label: string;
  as: string;
  token: string;
  path: string;
  /** A target of its own, in ms (the group's otherwise). */
  targetMs?: number;
};
/** Decision 0048: the leader's own reads (member record, own list) under 5 ms at a million members. */
const LEADER_OWN_MS = 5;
export type ReadTiming = Read & {
  clientMs: number;
  serverMs: number;
  /** Rows in the answer / the total it reports, when it is a list. */
  size: string;
  error: string | null;
};

/** The size of a list answer: its page's length and its `total` ("50 of 2,512"), or a tree's children. */
function sizeOf(body: string): string {
  try {
    const json = JSON.parse(body) as Record<string, unknown>;
    const tree = json.treeData as { referrals?: unknown[] } | undefined;
    if (tree?.referrals) return `${tree.referrals.length} children`;
    // A keyset page (the audit trail): its length, and whether there are more.
    if (Array.isArray(json.entries)) return `${json.entries.length}${json.next_cursor ? ', more' : ''}`;
    if (typeof json.total !== 'number') return '';
    const list = Object.values(json).find((v) => Array.isArray(v)) as unknown[] | undefined;
    return `${list?.length ?? 0} of ${json.total.toLocaleString('en')}`;
  } catch {
    return '';
  }
}

export async function timeReads(client: Client, reads: Read[], calls: number): Promise<ReadTiming[]> {
  const out: ReadTiming[] = [];
  for (const r of reads) {
    const headers = { authorization: `Bearer ${r.token}` };
    const warm = await client.send({ method: 'GET', path: r.path, headers });
    const clientMs: number[] = [];
    const serverMs: number[] = [];
    let error = warm.status === 200 ? null : `${warm.status} ${excerpt(warm.body)}`;
    for (let i = 0; i < calls && error === null; i++) {
      const res = await client.send({ method: 'GET', path: r.path, headers });
      if (res.status !== 200) error = `${res.status} ${excerpt(res.body)}`;
      clientMs.push(res.ms);
      serverMs.push(res.serverMs);
    }
    out.push({
      ...r,
      clientMs: median(clientMs),
      serverMs: median(serverMs),
      size: error ? '' : sizeOf(warm.body),
      error,
    });
  }
  return out;
}

/** The reads of decision 0009: a member's own pages, the leader's team, and the admin screens. */
export function scaleReads(o: {
  memberId: number;
  leaderId: number;
  leaderCode: string;
  bottomCode: string;
  search: string;
  tokens: { admin: string; member: string; leader: string; chainTop: string };
}): Read[] {
  const { memberId: id, leaderId, tokens: t } = o;
  const member = (label: string, path: string): Read => ({
    group: 'member',
    label,
    as: `member ${id}`,
    token: t.member,
    path,
  });
  const leader = (group: Group, label: string, path: string): Read => ({
    group,
    label,
    as: 'the leader',
    token: t.leader,
    path,
  });
  const admin = (label: string, path: string): Read => ({
    group: 'admin',
    label,
    as: 'admin',
    token: t.admin,
    path,
  });
  return [
    member('GET /users/{id}', `/users/${id}`),
    member('GET /tr/wallet/{id}', `/tr/wallet/${id}`),
    member('GET /tr/user/{id}', `/tr/user/${id}`),
    { ...leader('member', 'GET /users/{id}', `/users/${leaderId}`), targetMs: LEADER_OWN_MS },
    { ...leader('member', 'GET /tr/user/{id}', `/tr/user/${leaderId}`), targetMs: LEADER_OWN_MS },
    leader(
      'referral',
      'GET /referral/full/{code}?depth=1 (first level)',
      `/referral/full/${o.leaderCode}?depth=1`,
    ),
    leader('referral', 'GET /referral/list/{code} (directs page 1)', `/referral/list/${o.leaderCode}?page=1`),
    {
      group: 'referral',
      label: 'GET /referral/list/{code} of the chain bottom',
      as: 'the chain top',
      token: t.chainTop,
      path: `/referral/list/${o.bottomCode}?page=1`,
    },
    admin('GET /admin/stats', '/admin/stats'),
    admin('GET /users/list?search= (user search)', `/users/list?search=${encodeURIComponent(o.search)}`),
    admin('GET /users/list (page 1)', '/users/list?page=1'),
    admin('GET /tr/all (page 1)', '/tr/all?page=1'),
    admin('GET /tr/all?page=10000', '/tr/all?page=10000'),
    // Deep inside a daily run's hour at 1,000,000 members, read from the hour's marks (decision 0090).
    admin('GET /tr/all?page=50000', '/tr/all?page=50000'),
    admin('GET /tr/all?status=completed&page=50000', '/tr/all?status=completed&page=50000'),
  ];
}

/**
 * Decision 0081: the admin lists that grow with the business, at their first page and at their last (the
 * page number read from the first page's totalPages), with and without a filter; `/tr/all` searched by memo and by
 * the given members' usernames (decision 0084).
 */
export async function listPageReads(
  client: Client,
  token: string,
  usernames: string[] = [],
): Promise<Read[]> {
  const lists: [string, string][] = [
    ['GET /deposite/list', '/deposite/list?limit=10'],
    ['GET /deposite/list?status=pending', '/deposite/list?limit=10&status=pending'],
    ['GET /topup/list', '/topup/list?limit=10'],
    ['GET /topup/list?status=topup', '/topup/list?limit=10&status=topup'],
    ['GET /actplan/list', '/actplan/list?limit=10'],
    // Searches naming a thousand members (the oldest), or a plan (decision 0094).
    ['GET /deposite/list?search=SGX0001', '/deposite/list?limit=10&search=SGX0001'],
    ['GET /topup/list?search=SGX0001', '/topup/list?limit=10&search=SGX0001'],
    ['GET /topup/list?search=Gold (a plan)', '/topup/list?limit=10&search=Gold'],
    ['GET /actplan/list?search=SGX0001', '/actplan/list?limit=10&search=SGX0001'],
    ['GET /actplan/list?status=active', '/actplan/list?limit=10&status=active'],
    ['GET /withdrawalrequest/list', '/withdrawalrequest/list?limit=10'],
    ['GET /transfer/list', '/transfer/list?limit=10'],
    ['GET /tr/all', '/tr/all?limit=10'],
    ['GET /tr/all?status=completed', '/tr/all?limit=10&status=completed'],
    ['GET /tr/all?status=reversed', '/tr/all?limit=10&status=reversed'],
    ['GET /tr/all?search=roi', '/tr/all?limit=10&search=roi'],
    ['GET /tr/all?search=Gold (a top-up memo)', '/tr/all?limit=10&search=Gold'],
    ['GET /tr/all?search=deposit 0x (deposit memos)', '/tr/all?limit=10&search=deposit%200x'],
    // Texts without a trigram, and one in every e-mail address but no username (decision 0089).
    ['GET /tr/all?search=a', '/tr/all?limit=10&search=a'],
    ['GET /tr/all?search=SG (in every username)', '/tr/all?limit=10&search=SG'],
    ['GET /tr/all?search=example (in every e-mail)', '/tr/all?limit=10&search=example'],
    // In no memo, or in no memo of the debits' sources (decision 0091); in every username with a side; a hundred
    // usernames.
    ['GET /tr/all?search=q (in no memo)', '/tr/all?limit=10&search=q'],
    ['GET /tr/all?search=a&transaction_type=debit', '/tr/all?limit=10&search=a&transaction_type=debit'],
    ['GET /tr/all?search=SG&transaction_type=debit', '/tr/all?limit=10&search=SG&transaction_type=debit'],
    ['GET /tr/all?search=SGX00001 (a hundred usernames)', '/tr/all?limit=10&search=SGX00001'],
    ...usernames.map((u): [string, string] => [
      `GET /tr/all?search=${u} (a username)`,
      `/tr/all?limit=10&search=${encodeURIComponent(u)}`,
    ]),
    ['GET /users/list', '/users/list?limit=10'],
  ];
  const reads: Read[] = [];
  for (const [label, path] of lists) {
    const first = await client.send({ method: 'GET', path, headers: { authorization: `Bearer ${token}` } });
    let last = 1;
    try {
      last = Number((JSON.parse(first.body) as { totalPages?: number }).totalPages ?? 1);
    } catch {
      // not JSON: timeReads reports the error
    }
    const read = (page: number): Read => ({
      group: 'admin',
      label: `${label} page ${page === 1 ? '1' : `${page.toLocaleString('en')} (last)`}`,
      as: 'admin',
      token,
      path: `${path}&page=${page}`,
    });
    reads.push(read(1));
    if (last > 1) reads.push(read(last));
  }
  return reads;
}
