import { ReconciliationResponse, ReconciliationRunsResponse } from '@sgx/contracts';
import type { App } from '../../deps';
import { reconcile } from './ledger.service';
import { latestReconcileRuns } from './reconcile-increment';

export function ledgerRoutes(app: App): void {
  app.get(
    '/ledger/reconciliation',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags: ['ledger'], response: { 200: ReconciliationResponse } },
    },
    async () => {
      // All history, read on a replica where one is set (decision 0080): one consistent snapshot of its own.
      const r = await reconcile(app.deps.reads);
      return {
        ok:
          r.mismatches.length === 0 &&
          r.unbalanced.length === 0 &&
          r.earned_mismatches.length === 0 &&
          r.derived_mismatches.length === 0 &&
          r.payout_mismatches.length === 0 &&
          r.proof_mismatches.length === 0,
        ...r,
      };
    },
  );

  // The hourly incremental reconciliation's latest runs (decision 0086): cheap, where the full check above reads all
  // history.
  app.get(
    '/ledger/reconciliation/runs',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags: ['ledger'], response: { 200: ReconciliationRunsResponse } },
    },
    async () => ({ runs: await latestReconcileRuns(app.deps.reads) }),
  );
}
