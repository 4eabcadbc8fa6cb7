import type { ChainsService } from '../chains/chains.service';
import { codesApproved } from '../codes/codes.approval';
import type { DepositsService } from '../deposits/deposits.service';
import { balanceEditApproved } from '../members/members.balance';
import type { QrService } from '../qr/qr.service';
import type { SettingsService } from '../settings/settings.service';
import type { TokenService } from '../token/token.service';
import { manualApproved, reverseApproved } from '../transactions/transactions.adjust';
import { debitApproved } from '../withdrawals/withdrawals.debit';
import type { WithdrawalsService } from '../withdrawals/withdrawals.service';
import type { ApprovalActions } from './approvals.service';

/** The services whose actions approvals run. */
export type ApprovalServices = {
  withdrawals: WithdrawalsService;
  settings: SettingsService;
  deposits: DepositsService;
  chains: ChainsService;
  qr: QrService;
  token: TokenService;
};

/**
 * What approving each kind runs (decision 0024, 0029): the same service code a one-admin action would run,
 * as the requester's. A new kind is one line here (and its name in @sgx/contracts approvalKinds).
 */
export const approvalActions = (s: ApprovalServices): ApprovalActions => ({
  withdrawal: (tx, a) => s.withdrawals.completeApproved(tx, a),
  debit: debitApproved,
  transaction: manualApproved,
  transaction_edit: reverseApproved,
  balance_edit: balanceEditApproved,
  settings: (tx, a) => s.settings.applyApproved(tx, a),
  deposit: (tx, a) => s.deposits.completeApproved(tx, a),
  codes: codesApproved,
  chain_settings: (tx, a) => s.chains.applyApproved(tx, a),
  deposit_address: (tx, a) => s.qr.applyApproved(tx, a),
  token_price: (tx, a) => s.token.priceApproved(tx, a),
});
