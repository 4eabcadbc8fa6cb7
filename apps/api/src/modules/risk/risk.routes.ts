import { IdParam, WithdrawalRiskResponse } from '@sgx/contracts';
import type { App } from '../../deps';
import { RiskService } from './risk.service';

/** Risk signals an admin reads on a withdrawal under review (decision 0026). */
export function riskRoutes(app: App): void {
  const risk = new RiskService(app.deps.db);

  app.get(
    '/withdrawalrequest/:id/risk',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags: ['withdrawals'], params: IdParam, response: { 200: WithdrawalRiskResponse } },
    },
    async (request) => risk.forWithdrawal(BigInt(request.params.id)),
  );
}
