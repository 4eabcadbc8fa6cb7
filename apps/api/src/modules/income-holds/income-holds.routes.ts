import {
  IdParam,
  IncomeHoldDecisionBody,
  IncomeHoldDecisionResponse,
  IncomeHoldsQuery,
  IncomeHoldsResponse,
  PendingIncomeResponse,
} from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { listHolds, pendingIncomeOf, releaseHold, reverseHold } from './income-holds.service';

/**
 * Income held before it is paid (decision 0076): a member reads their pending income; compliance lists holds and
 * releases (income held for review) or reverses one with a reason.
 */
export function incomeHoldsRoutes(app: App): void {
  const { db } = app.deps;
  const tags = ['income'];

  app.get(
    '/income/pending',
    { config: { access: 'member' }, schema: { tags, response: { 200: PendingIncomeResponse } } },
    (request) => pendingIncomeOf(db, principalOf(request).userId),
  );
  app.get(
    '/admin/income-holds',
    {
      config: { access: 'admin', permission: 'compliance' },
      schema: { tags, querystring: IncomeHoldsQuery, response: { 200: IncomeHoldsResponse } },
    },
    (request) => listHolds(db, request.query),
  );
  app.post(
    '/admin/income-holds/:id/release',
    {
      config: { access: 'admin', permission: 'compliance' },
      schema: {
        tags,
        params: IdParam,
        body: IncomeHoldDecisionBody,
        response: { 200: IncomeHoldDecisionResponse },
      },
    },
    async (request) => ({
      message: 'Income released: it is in the member’s wallet.',
      hold: await releaseHold(db, principalOf(request).userId, request.params.id, request.body.reason),
    }),
  );
  app.post(
    '/admin/income-holds/:id/reverse',
    {
      config: { access: 'admin', permission: 'compliance' },
      schema: {
        tags,
        params: IdParam,
        body: IncomeHoldDecisionBody,
        response: { 200: IncomeHoldDecisionResponse },
      },
    },
    async (request) => ({
      message: 'Income reversed: it will not be paid.',
      hold: await reverseHold(db, principalOf(request).userId, request.params.id, request.body.reason),
    }),
  );
}
