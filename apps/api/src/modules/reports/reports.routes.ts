import { AdminStatsResponse } from '@sgx/contracts';
import { z } from 'zod';
import type { App } from '../../deps';
import { checkTeamCounters } from '../members/counters';
import { ReportsService } from './reports.service';

/** Figures for the admin dashboard (reports.service.ts) and the team counter check. */
export function reportsRoutes(app: App): void {
  const { db } = app.deps;
  const reports = new ReportsService(db);

  // Checks the team counters now (the daily job does the same and keeps the result).
  app.get(
    '/admin/counters',
    {
      config: { access: 'admin', permission: 'dashboard' },
      schema: {
        tags: ['reports'],
        response: {
          200: z.object({
            checked: z.number().int(),
            mismatches: z.array(
              z.object({ user_id: z.string(), field: z.string(), cached: z.string(), expected: z.string() }),
            ),
          }),
        },
      },
    },
    // One statement over every member: on a replica where one is set (decision 0080).
    async () => checkTeamCounters(app.deps.reads),
  );

  app.get(
    '/admin/stats',
    {
      config: { access: 'admin', permission: 'dashboard' },
      schema: { tags: ['reports'], response: { 200: AdminStatsResponse } },
    },
    async () => reports.stats(),
  );
}
