import {
  SolvencyBuildBody,
  SolvencyPublicResponse,
  SolvencyQuery,
  SolvencyReport,
  SolvencyResponse,
} from '@sgx/contracts';
import { z } from 'zod';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { utcDay } from '../proof/proof.service';
import { solvencyService } from './solvency.compose';

/**
 * The solvency report in the back-office (decision 0068): finance, compliance (read) and owners, the 'money' area.
 * Reading is GET; computing today's report now (or recomputing a past day that has a proof) is an action.
 */
export function solvencyRoutes(app: App): void {
  const service = solvencyService(app.deps, (facts, message) => app.log.warn(facts, message));
  const tags = ['solvency'];
  const access = { access: 'admin', permission: 'money' } as const;

  app.get(
    '/admin/solvency',
    { config: access, schema: { tags, querystring: SolvencyQuery, response: { 200: SolvencyResponse } } },
    async (request) => service.read(request.query.day),
  );

  // The public proof page's coverage and no-new-money runway (no session: what anyone may check).
  app.get(
    '/solvency/public',
    { config: { access: 'public' }, schema: { tags, response: { 200: SolvencyPublicResponse } } },
    async () => service.published(),
  );

  app.post(
    '/admin/solvency/build',
    {
      config: access,
      schema: { tags, body: SolvencyBuildBody, response: { 200: z.object({ report: SolvencyReport }) } },
    },
    async (request) => {
      const day = request.body.day ?? utcDay(new Date());
      const { report } = await service.buildDay(day, true, principalOf(request).userId);
      return { report };
    },
  );
}
