import { type Principal, STAFF_ROLE_REFUSAL, staffAllows } from '../../http/access';
import { forbidden } from '../../http/errors';

/**
 * A member record's money fields: only staff who may move money change them (decision 0042). Besides the
 * fields a form sends (balance, payout addresses, income switches), what a money change moves with it in the
 * record (read from the ledger).
 */
export const MONEY_FIELDS: readonly string[] = [
  'business_balance',
  'bep20',
  'trc20',
  'roi_status',
  'level_status',
  'business',
  'active_plan',
  'plan_id',
  'roi_day',
  'level_month',
  'roi_income',
  'reward',
  'direct_income',
  'salary',
  'working',
  'non_working',
  'paid_member',
];

/**
 * A staff member's edit of another account, checked on what it changes (the back-office form sends every
 * field): money fields need the money area (finance), anything else the members area (support); the owner
 * has both. `moneyAsked`: a change that waits (a balance edit for a second admin, a held payout address).
 */
export function assertStaffMayEdit(
  principal: Principal,
  changed: readonly string[],
  moneyAsked: boolean,
  passwordChanged: boolean,
): void {
  const money = moneyAsked || changed.some((k) => MONEY_FIELDS.includes(k));
  const other = passwordChanged || changed.some((k) => !MONEY_FIELDS.includes(k));
  if (money && !staffAllows(principal, 'money', 'write'))
    throw forbidden('Your staff role cannot change balances, income switches or payout addresses.');
  if (other && !staffAllows(principal, 'members', 'write')) throw forbidden(STAFF_ROLE_REFUSAL);
}
