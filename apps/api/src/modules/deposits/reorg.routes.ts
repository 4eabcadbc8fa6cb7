import {
  IdParam,
  MemberHeldDepositsResponse,
  ReorgDepositsQuery,
  ReorgDepositsResponse,
  ReorgResolveBody,
  ReorgResolveResponse,
} from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { DepositReorgService } from './deposits.reorg';

/**
 * Credited chain deposits a reorganisation removed (decision 0028): admins list the flagged ones and resolve a
 * held one (reverse or release, with a reason); a member reads their own held deposits.
 */
export function reorgRoutes(app: App): void {
  const reorg = new DepositReorgService(app.deps.db, app.deps.chains, (facts, message) =>
    app.log.warn(facts, message),
  );
  const tags = ['deposits'];

  app.get(
    '/admin/deposits/reorged',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, querystring: ReorgDepositsQuery, response: { 200: ReorgDepositsResponse } },
    },
    (request) => reorg.list(request.query.status),
  );
  app.post(
    '/admin/deposits/:id/reorg-resolve',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, params: IdParam, body: ReorgResolveBody, response: { 200: ReorgResolveResponse } },
    },
    async (request) => {
      const deposit = await reorg.resolve(principalOf(request), request.params.id, request.body);
      return {
        message:
          deposit.reorg_status === 'reversed'
            ? 'Deposit reversed: the held amount left the books.'
            : 'Deposit released: the held amount is back in the deposit wallet.',
        deposit,
      };
    },
  );
  app.get(
    '/deposits/held',
    { config: { access: 'member' }, schema: { tags, response: { 200: MemberHeldDepositsResponse } } },
    (request) => reorg.mine(principalOf(request).userId),
  );
}
