import {
  ReferralFullQuery,
  ReferralFullResponse,
  ReferralListQuery,
  ReferralListResponse,
} from '@sgx/contracts';
import { z } from 'zod';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';

const CodeParam = z.object({ code: z.string().trim().min(1).max(32) });

export function referralsRoutes(app: App): void {
  const { referrals } = app.deps;
  const tags = ['referrals'];

  app.get(
    '/referral/list/:code',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        params: CodeParam,
        querystring: ReferralListQuery,
        response: { 200: ReferralListResponse },
      },
    },
    async (request) => {
      const { page, limit, search } = request.query;
      const { nodes, total } = await referrals.directs(
        principalOf(request),
        request.params.code,
        page,
        limit,
        search,
      );
      return {
        referralTree: nodes,
        total,
        totalPages: Math.max(1, Math.ceil(total / limit)),
        currentPage: page,
      };
    },
  );
  app.get(
    '/referral/full/:code',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        params: CodeParam,
        querystring: ReferralFullQuery,
        response: { 200: ReferralFullResponse },
      },
    },
    async (request) => ({
      treeData: await referrals.tree(principalOf(request), request.params.code, request.query.depth),
    }),
  );
}
