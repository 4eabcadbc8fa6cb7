import type pg from 'pg';
import type { Client } from './lib/load';
import { auditReads } from './scale-audit';
import { proofReads } from './scale-proof';
import { listPageReads, type Read, scaleReads } from './scale-reads';

/**
 * Every read `bench:scale` times, for the members it loaded: the member, referral, admin, audit, proof and list-page
 * reads (scale.ts after loading, scale-again.ts on a kept database). `owner` reads what the reads need to name.
 */
export async function benchReadSet(
  client: Client,
  owner: pg.Client,
  o: Parameters<typeof scaleReads>[0] & { adminId: number },
): Promise<Read[]> {
  const reads = scaleReads(o);
  reads.push(...(await auditReads(owner, { token: o.tokens.admin, actor: o.adminId, member: o.memberId })));
  reads.push(
    ...proofReads({ memberId: o.memberId, tokens: { member: o.tokens.member, leader: o.tokens.leader } }),
  );
  const names = await owner.query<{ username: string }>(
    'SELECT username FROM users WHERE id = ANY($1::bigint[]) ORDER BY id',
    [[o.memberId, o.leaderId]],
  );
  reads.push(
    ...(await listPageReads(
      client,
      o.tokens.admin,
      names.rows.map((r) => r.username),
    )),
  );
  return reads;
}
