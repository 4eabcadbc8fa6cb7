import { amountOut, type TreeNode } from '@sgx/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { Principal } from '../../http/access';
import { forbidden, notFound } from '../../http/errors';
import { likePattern, seekPaged } from '../../http/listing';
import { isInSubtree } from '../members/members.repo';

/**
 * The referral tree, read a level or two at a time from the sponsor pointer (business-rules 3): team
 * size, team business and active directs are counters kept on each member, so no subtree is walked.
 */
export class ReferralsService {
  constructor(private readonly db: Db) {}

  private nodes() {
    return this.db
      .selectFrom('users as u')
      .where('u.deleted_at', 'is', null)
      .select([
        'u.id',
        'u.username',
        'u.fullname',
        'u.refferal_code',
        'u.is_active',
        'u.status',
        'u.active_plan',
        'u.total_team',
        'u.team_business',
        'u.active_directs',
        'u.created_at',
        'u.sponsor_id',
        sql<bigint>`coalesce((SELECT sum(t.amount) FROM topups t WHERE t.userto_id = u.id AND t.kind <> 'entry'), 0)::bigint`.as(
          'investment',
        ),
        sql<number>`(SELECT count(*)::int FROM users d WHERE d.sponsor_id = u.id AND d.deleted_at IS NULL)`.as(
          'directs',
        ),
      ]);
  }

  private toNode(
    r: Awaited<ReturnType<ReturnType<ReferralsService['nodes']>['executeTakeFirstOrThrow']>>,
  ): TreeNode {
    return {
      id: Number(r.id),
      username: r.username,
      fullname: r.fullname,
      refferal_code: r.refferal_code,
      is_active: r.is_active,
      status: r.status,
      active_plan: amountOut(r.active_plan),
      investment_plan: amountOut(r.investment),
      total_team: r.total_team,
      team_business: amountOut(r.team_business),
      active_directs: r.active_directs,
      directs: r.directs,
      created_at: r.created_at.toISOString(),
    };
  }

  /** The holder of `code`, if the caller may see them: an admin anyone, a member themself or their downline. */
  private async holder(principal: Principal, code: string) {
    const h = await this.nodes().where('u.refferal_code', '=', code).executeTakeFirst();
    return this.mayRead(principal, h);
  }

  /** The holder's id only (the directs page shows its directs, not the holder's own figures). */
  private async holderId(principal: Principal, code: string): Promise<bigint> {
    const h = await this.db
      .selectFrom('users')
      .select('id')
      .where('refferal_code', '=', code)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return (await this.mayRead(principal, h)).id;
  }

  private async mayRead<H extends { id: bigint }>(principal: Principal, h: H | undefined): Promise<H> {
    if (!h) throw notFound('No member has that referral code.');
    if (principal.role !== 'admin' && !(await isInSubtree(this.db, principal.userId, h.id))) {
      throw forbidden('You can only see your own team.');
    }
    return h;
  }

  /**
   * A page of the holder's live directs in id order. The page's ids come from walking the sponsor index
   * (sponsor_id, id), so the per-node figures are computed for the page's rows only.
   */
  async directs(principal: Principal, code: string, page: number, limit: number, search?: string) {
    const holderId = await this.holderId(principal, code);
    let directs = this.db
      .selectFrom('users as d')
      .where('d.sponsor_id', '=', holderId)
      .where('d.deleted_at', 'is', null);
    if (search) {
      const like = likePattern(search);
      directs = directs.where((eb) =>
        eb.or([eb('d.username', 'ilike', like), eb('d.fullname', 'ilike', like)]),
      );
    }
    // The page's ids from the nearer end of the index, with a count exact up to COUNT_CAP (decision 0081).
    const ids = await seekPaged(
      this.db,
      directs.select('d.id'),
      (b, back) => b.orderBy('d.id', back ? 'desc' : 'asc'),
      { page, limit },
    );
    const rows =
      ids.rows.length === 0
        ? []
        : await this.nodes()
            .where(
              'u.id',
              'in',
              ids.rows.map((r) => r.id),
            )
            .orderBy('u.id')
            .execute();
    return { nodes: rows.map((r) => this.toNode(r)), total: ids.total };
  }

  /** The holder and `depth` levels below (at most 200 children a node; deeper levels load on demand). */
  async tree(principal: Principal, code: string, depth: number): Promise<TreeNode> {
    const root = this.toNode(await this.holder(principal, code));
    let level: TreeNode[] = [root];
    for (let d = 0; d < depth && level.length > 0; d++) {
      const ids = level.map((n) => BigInt(n.id));
      // At most 200 children of each parent (the first by id, read from the sponsor index), so one large
      // team cannot crowd out its siblings.
      const children = await this.nodes()
        .where(
          sql<boolean>`u.id IN (SELECT c.id FROM unnest(${ids}::bigint[]) AS p(id)
            CROSS JOIN LATERAL (SELECT d.id FROM users d WHERE d.sponsor_id = p.id AND d.deleted_at IS NULL
                                ORDER BY d.id LIMIT 200) c)`,
        )
        .orderBy('u.id')
        .execute();
      const byParent = new Map<number, TreeNode[]>();
      for (const c of children) {
        const list = byParent.get(Number(c.sponsor_id)) ?? [];
        if (list.length < 200) list.push(this.toNode(c));
        byParent.set(Number(c.sponsor_id), list);
      }
      for (const n of level) n.referrals = byParent.get(n.id) ?? [];
      level = level.flatMap((n) => n.referrals ?? []);
    }
    return root;
  }
}
