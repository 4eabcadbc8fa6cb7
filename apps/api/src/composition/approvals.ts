import { simulatedApprovalKinds } from '@sgx/contracts';
import type { Tx } from '../db';
import {
  type Approval,
  type ApprovalRegistrations,
  ApprovalRegistry,
} from '../modules/approvals/approvals.registry';
import { type ChainsService, registerChainApprovals } from '../modules/chains/chains.service';
import { registerCodeApprovals } from '../modules/codes/codes.approval';
import { type DepositsService, registerDepositApprovals } from '../modules/deposits/deposits.service';
import { registerBalanceEditApprovals } from '../modules/members/members.balance';
import { type PlansService, registerPlansApprovals } from '../modules/plans/plans.service';
import { type QrService, registerDepositAddressApprovals } from '../modules/qr/qr.service';
import { registerSanctionsApprovals } from '../modules/sanctions/sanctions.service';
import { registerSettingsApprovals, type SettingsService } from '../modules/settings/settings.service';
import type { SimulationService } from '../modules/simulation/simulation.service';
import { registerTokenApprovals, type TokenService } from '../modules/token/token.service';
import { registerTransactionApprovals } from '../modules/transactions/transactions.adjust';
import {
  registerWithdrawalApprovals,
  type WithdrawalsService,
} from '../modules/withdrawals/withdrawals.service';

/** The services whose actions approvals run. */
export type ApprovalServices = {
  withdrawals: WithdrawalsService;
  settings: SettingsService;
  deposits: DepositsService;
  chains: ChainsService;
  qr: QrService;
  token: TokenService;
  plans: PlansService;
  simulations: SimulationService;
};

/**
 * Which domain's action runs for which approval kind (decisions 0024, 0029, 0059): each domain registers
 * its own kinds (and the row lock its kind needs); this is the one place they are put together. A new kind
 * is its name in @sgx/contracts approvalKinds and one register call in its domain, called here; start-up
 * refuses a kind with no action (ApprovalRegistry.sealed).
 */
export function approvalRegistrations(s: ApprovalServices): ApprovalRegistrations {
  const registry = new ApprovalRegistry();
  registerWithdrawalApprovals(registry, s.withdrawals);
  registerTransactionApprovals(registry);
  registerBalanceEditApprovals(registry);
  registerSettingsApprovals(registry, s.settings);
  registerDepositApprovals(registry, s.deposits);
  registerCodeApprovals(registry);
  registerChainApprovals(registry, s.chains);
  registerDepositAddressApprovals(registry, s.qr);
  registerTokenApprovals(registry, s.token);
  registerPlansApprovals(registry, s.plans);
  // A held deposit released by two admins is credited through the one credit path (decision 0075).
  registerSanctionsApprovals(registry, {
    creditHeldDeposit: async (tx, depositId, by, approvalId) => {
      const d = await tx
        .selectFrom('deposits')
        .select('amount')
        .where('id', '=', depositId)
        .executeTakeFirstOrThrow();
      await s.deposits.complete(tx, depositId, d.amount, {
        kind: 'chain',
        userId: by,
        approvalId,
        note: 'Credited after a sanctions review released it (two admins).',
      });
    },
  });
  // A change of the economic rules is approved only with its simulation done (decision 0069).
  const simulated = (tx: Tx, a: Approval) => s.simulations.requireDone(tx, a);
  for (const kind of simulatedApprovalKinds) registry.guard(kind, simulated);
  return registry.sealed();
}
