// Generated from the migrated database by `npm run db:schema` (decision 0058); checked by `npm run
// check:schema`. Do not edit: change a migration, or schema-overrides.ts for what the database cannot say.
import type { ColumnType, Generated } from 'kysely';

type Id = ColumnType<bigint, bigint | number | undefined, never>;

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type UserRole = 'user' | 'admin';

export type AccountKind =
  | 'deposit'
  | 'working'
  | 'non_working'
  | 'compound'
  | 'token'
  | 'held'
  | 'pending'
  | 'cash'
  | 'income_expense'
  | 'fee_revenue'
  | 'pending_withdrawals'
  | 'token_treasury'
  | 'adjustments'
  | 'investments'
  | 'member_addresses'
  | 'treasury'
  | 'uncredited_deposits';

export type Asset = 'USD' | 'SGX';

export type TopupKind = 'topup' | 'retopup' | 'entry' | 'friend';

export type RequestStatus = 'pending' | 'complete' | 'decline';

export type Currency = 'BEP20' | 'TRC20';

export type ReorgStatus = 'held' | 'released' | 'reversed';

export type ChainStatus =
  | 'waiting'
  | 'confirming'
  | 'credited'
  | 'refused'
  | 'manual'
  | 'below_minimum'
  | 'sanctions_held';

export type SweepStatus = 'prepared' | 'sent' | 'confirmed' | 'failed';

export type PayoutStatus = 'approved' | 'sending' | 'paid' | 'failed' | 'held' | 'sanctions_held';

export type PayoutBatchStatus = 'prepared' | 'sent' | 'paid' | 'failed' | 'expired' | 'reorged';

export type WithdrawalKind = 'working' | 'roi' | 'principal' | 'compound';

export type TicketStatus = 'open' | 'in-progress' | 'resolved' | 'closed';

export type MemberEventKind =
  | 'income_released'
  | 'income_reversed'
  | 'identity_approved'
  | 'identity_rejected'
  | 'withdrawal_held'
  | 'withdrawal_approved'
  | 'deposit_held'
  | 'deposit_credited'
  | 'deposit_refused'
  | 'withdrawal_paid'
  | 'withdrawal_declined'
  | 'plan_activated'
  | 'plan_ended'
  | 'income_missed'
  | 'ticket_answered'
  | 'ticket_closed'
  | 'reward_claimable'
  | 'payout_address_changed';

export type ApprovalKindColumn =
  | 'withdrawal'
  | 'debit'
  | 'transaction'
  | 'transaction_edit'
  | 'balance_edit'
  | 'settings'
  | 'deposit'
  | 'codes'
  | 'chain_settings'
  | 'deposit_address'
  | 'token_price'
  | 'plan'
  | 'sanctions_release';

export type ApprovalStatusColumn = 'pending' | 'approved' | 'rejected' | 'cancelled';

export interface AccessIpsTable {
  user_id: ColumnType<bigint, never, never>;
  ip_hash: ColumnType<Buffer, never, never>;
  kind: ColumnType<'registration' | 'sign_in', never, never>;
  seen_at: ColumnType<Date, never, never>;
  day: ColumnType<string, never, never>;
}

export interface AchieversTable {
  id: Id;
  name: string;
  title: Generated<string>;
  image: string;
  created_by: bigint;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface ActivityRollupsTable {
  grain: 'hour' | 'day';
  period: RequiredTimestamp;
  registrations: bigint;
  deposits: bigint;
  withdrawals: bigint;
}

export interface AdminSoloActionsTable {
  id: Id;
  admin_id: bigint;
  amount: bigint;
  kind: 'withdrawal' | 'transaction' | 'transaction_edit' | 'balance_edit' | 'deposit' | 'codes';
  subject_id: bigint | null;
  action_key: string;
  at: Timestamp;
}

export interface ApiKeysTable {
  id: Id;
  user_id: bigint;
  kind: 'staff' | 'member';
  name: string;
  prefix: string;
  secret_hash: Buffer;
  scopes: string[];
  networks: Generated<string[]>;
  rate_limit: Generated<number>;
  expires_at: NullableTimestamp;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
  last_used_ip: string | null;
  revoked_at: NullableTimestamp;
  revoked_by: bigint | null;
}

export interface AppSecretsTable {
  name: ColumnType<string, never, never>;
  secret: ColumnType<Buffer, never, never>;
}

export interface ApprovalsTable {
  id: Id;
  kind: ApprovalKindColumn;
  status: Generated<ApprovalStatusColumn>;
  subject_id: bigint | null;
  member_id: bigint | null;
  amount: bigint | null;
  summary: string;
  changes: ColumnType<{ field: string; before: string; after: string }[], string | undefined, never>;
  payload: ColumnType<Record<string, unknown>, string, never>;
  reason: string | null;
  request_key: string;
  requested_by: bigint;
  requested_at: Timestamp;
  decided_by: bigint | null;
  decided_at: NullableTimestamp;
  decision_reason: string | null;
}

export interface AuditArchivedMonthsTable {
  month: ColumnType<string, never, never>;
  table_name: ColumnType<string, never, never>;
  entries: ColumnType<bigint, never, never>;
  detached_at: ColumnType<Date, never, never>;
}

export interface AuditLogTable {
  id: Id;
  actor_id: bigint | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: ColumnType<unknown, string | null | undefined, never>;
  after: ColumnType<unknown, string | null | undefined, never>;
  reason: string | null;
  created_at: Timestamp;
  approval_id: Generated<bigint | null>;
  approved_by: Generated<bigint | null>;
  member_id: bigint | null;
}

export interface BannersTable {
  id: Id;
  image: string;
  created_by: bigint;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface BonusClaimsTable {
  id: Id;
  bonus_id: bigint;
  bonus_type: string;
  user_id: bigint;
  business_date: ColumnType<string, string, never>;
  paid: bigint;
  created_at: Timestamp;
}

export interface BonusesTable {
  id: Id;
  bonus_type: string;
  amount: bigint;
  active: Generated<boolean>;
  created_by: bigint;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface ChainSettingsTable {
  chain_id: number;
  enabled: Generated<boolean>;
  token_address: string;
  token_symbol: Generated<string>;
  token_decimals: number;
  confirmations: number;
  scanned_to_block: bigint | null;
  updated_at: Timestamp;
  forwarder_factory: string | null;
  forwarder_prefix: '0xff' | '0x41' | null;
  forwarder_code_hash: string | null;
  treasury_address: string | null;
  min_deposit: Generated<bigint>;
  scanned_block_hash: string | null;
  payout_contract: string | null;
}

export interface CodesTable {
  id: Id;
  code: string;
  amount: bigint;
  created_by: bigint;
  created_at: Timestamp;
  redeemed_by: bigint | null;
  redeemed_at: NullableTimestamp;
  ledger_transaction_id: bigint | null;
  batch_key: string | null;
}

export interface CounterChecksTable {
  id: Id;
  checked: number;
  mismatches: ColumnType<unknown, string, never>;
  created_at: Timestamp;
}

export interface CtoDisqualifiedTable {
  user_id: bigint;
  reason: string;
  by_admin: bigint;
  created_at: Timestamp;
}

export interface CtoPayoutsTable {
  id: Id;
  month: string;
  turnover: bigint;
  pool: bigint;
  members: number;
  share: bigint;
  paid_by: bigint | null;
  created_at: Timestamp;
  status: ColumnType<'paying' | 'paid', 'paying' | 'paid' | undefined, 'paid'>;
}

export interface CtoSharesTable {
  id: Id;
  payout_id: bigint;
  user_id: bigint;
  amount: bigint;
}

export interface DepositAddressesTable {
  id: Id;
  currency: Currency;
  address: string;
  label: string | null;
  created_by: bigint;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
  chain_id: number | null;
}

export interface DepositSweepsTable {
  id: Id;
  chain_id: number;
  factory: string;
  token_address: string;
  treasury: string;
  addresses: string[];
  salts: string[];
  expected: bigint;
  status: Generated<SweepStatus>;
  tx_hash: string | null;
  block_number: bigint | null;
  confirmations: number | null;
  swept: bigint | null;
  failure: string | null;
  reason: string;
  created_by: bigint;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  confirmed_at: NullableTimestamp;
  ledger_transaction_id: bigint | null;
}

export interface DepositsTable {
  id: Id;
  user_id: bigint;
  amount: bigint;
  currency: Currency;
  hash: string;
  status: Generated<RequestStatus>;
  credited_amount: bigint | null;
  verified_by: 'admin' | 'chain' | null;
  decided_by: bigint | null;
  decided_at: NullableTimestamp;
  note: string | null;
  ledger_transaction_id: bigint | null;
  created_at: Timestamp;
  chain_id: number | null;
  log_index: number | null;
  from_address: string | null;
  block_number: bigint | null;
  chain_status: ChainStatus | null;
  confirmations: number | null;
  required_confirmations: number | null;
  chain_reason: string | null;
  checked_at: NullableTimestamp;
  source: Generated<'member' | 'scan' | 'address'>;
  sender_id: bigint | null;
  reorg_status: ReorgStatus | null;
  reorg_detected_at: NullableTimestamp;
  held_amount: bigint | null;
  reorg_shortfall: bigint | null;
  reorg_note: string | null;
  reorg_checked_at: NullableTimestamp;
  reorg_resolved_by: bigint | null;
  reorg_resolved_at: NullableTimestamp;
  reorg_resolution: string | null;
  to_address: string | null;
}

export interface EarnedMarkDaysTable {
  day: string;
  made_at: Timestamp;
}

export interface EarnedMarksTable {
  day: string;
  member_id: bigint;
  income_type: string;
  amount: bigint;
}

export interface IdentityDocumentsTable {
  id: Id;
  submission_id: bigint;
  kind: 'id_document' | 'selfie' | 'address_proof';
  mime: 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';
  size: number;
  sha256: Buffer;
  ciphertext: Buffer | null;
  iv: Buffer;
  auth_tag: Buffer;
  key_id: string;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface IdentitySubmissionsTable {
  id: Id;
  member_id: bigint;
  level: number;
  state: Generated<'submitted' | 'approved' | 'rejected' | 'rejection_pending'>;
  legal_name: string | null;
  date_of_birth: string | null;
  country: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  postal_code: string | null;
  provider: Generated<string>;
  provider_ref: string | null;
  reviewer_id: bigint | null;
  second_reviewer_id: bigint | null;
  reason: string | null;
  submitted_at: Timestamp;
  reviewed_at: NullableTimestamp;
  decided_at: NullableTimestamp;
  documents_deleted_at: NullableTimestamp;
}

export interface IncomeHoldsTable {
  id: Id;
  income_transaction_id: bigint;
  hold_transaction_id: bigint;
  member_id: bigint;
  wallet: 'deposit' | 'working' | 'non_working' | 'compound' | 'token';
  asset: 'USD' | 'SGX';
  amount: bigint;
  income_type: string;
  earned_at: RequiredTimestamp;
  release_at: NullableTimestamp;
  held_for: 'period' | 'flag';
  state: Generated<'held' | 'released' | 'reversed'>;
  decided_at: NullableTimestamp;
  decided_by: bigint | null;
  decision_reason: string | null;
  settle_transaction_id: bigint | null;
  created_at: Timestamp;
}

export interface IncomeSkipsTable {
  id: Id;
  user_id: bigint;
  income_type: string;
  cause_key: string;
  amount: bigint;
  reason: string;
  details: ColumnType<unknown, string | null | undefined, never>;
  created_at: Timestamp;
}

export interface LeadershipTable {
  id: Id;
  user_id: bigint;
  reward_plan_id: bigint;
  member_reward_id: bigint;
  achieved_at: Timestamp;
  revoked_at: NullableTimestamp;
  revoked_by: bigint | null;
}

export interface LedgerAccountSumsTable {
  account_id: bigint;
  source: string;
  income: boolean;
  credit: boolean;
  entries: bigint;
  amount: bigint;
}

export interface LedgerAccountsTable {
  id: Id;
  owner_id: bigint | null;
  kind: AccountKind;
  asset: Asset;
  balance: Generated<bigint>;
  allow_negative: Generated<boolean>;
  created_at: Timestamp;
}

export interface LedgerArchivedMonthsTable {
  month: ColumnType<string, never, never>;
  table_name: ColumnType<string, never, never>;
  entries: ColumnType<bigint, never, never>;
  detached_at: ColumnType<Date, never, never>;
  transactions_table: ColumnType<string | null, never, never>;
  transactions: ColumnType<bigint | null, never, never>;
}

export interface LedgerArchivedSumsTable {
  month: ColumnType<string, never, never>;
  account_id: ColumnType<bigint, never, never>;
  source: ColumnType<string, never, never>;
  income: ColumnType<boolean, never, never>;
  credit: ColumnType<boolean, never, never>;
  entries: ColumnType<bigint, never, never>;
  amount: ColumnType<bigint, never, never>;
}

export interface LedgerBalancesTable {
  id: bigint | null;
  owner_id: bigint | null;
  kind: string | null;
  asset: string | null;
  allow_negative: boolean | null;
  balance: bigint | null;
}

export interface LedgerEntriesTable {
  id: Id;
  transaction_id: ColumnType<bigint, bigint, never>;
  account_id: ColumnType<bigint, bigint, never>;
  amount: ColumnType<bigint, bigint, never>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface LedgerMarksTable {
  period: ColumnType<Date, Date | string, never>;
  asset: ColumnType<string, string, never>;
  source: ColumnType<string, string, never>;
  side: ColumnType<'' | 'credit' | 'debit', '' | 'credit' | 'debit', never>;
  position: ColumnType<bigint | null, bigint | null | undefined, never>;
  created_at: ColumnType<Date, Date | string, never>;
  transaction_id: ColumnType<bigint, bigint, never>;
  through: ColumnType<bigint, bigint, never>;
}

export interface LedgerMarksCountedTable {
  period: RequiredTimestamp;
  asset: string;
  source: string;
  side: '' | 'credit' | 'debit';
  counted: bigint;
}

export interface LedgerMarksStateTable {
  one: ColumnType<boolean, never, boolean>;
  marked_until: ColumnType<Date, never, Date | string>;
}

export interface LedgerMemoPiecesTable {
  source: ColumnType<string, string, never>;
  piece: ColumnType<string, string, never>;
}

export interface LedgerMemoPiecesStateTable {
  one: ColumnType<boolean, never, boolean>;
  pieced_until: ColumnType<Date, never, Date | string>;
}

export interface LedgerReconcileRunsTable {
  id: Id;
  from_at: ColumnType<Date | null, Date | string | null | undefined, never>;
  through: ColumnType<Date, Date | string, never>;
  transactions: ColumnType<bigint, bigint, never>;
  entries: ColumnType<bigint, bigint, never>;
  accounts: ColumnType<bigint, bigint, never>;
  mismatches: ColumnType<unknown, string, never>;
  ms: ColumnType<number, number, never>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface LedgerReconciledTable {
  account_id: bigint;
  source: string;
  income: boolean;
  credit: boolean;
  entries: bigint;
  amount: bigint;
}

export interface LedgerRollupLiveTable {
  period: RequiredTimestamp;
  asset: string;
  source: string;
  income: boolean;
  credit: boolean;
  entries: bigint;
  amount: bigint;
}

export interface LedgerRollupsTable {
  grain: 'hour' | 'day';
  period: RequiredTimestamp;
  asset: string;
  source: string;
  income: boolean;
  credit: boolean;
  entries: bigint;
  amount: bigint;
}

export interface LedgerTransactionKeysTable {
  idempotency_key: ColumnType<string, string, never>;
  id: ColumnType<bigint, bigint, never>;
  created_at: ColumnType<Date, Date | string, never>;
}

export interface LedgerTransactionsTable {
  id: Id;
  idempotency_key: ColumnType<string, string, never>;
  kind: ColumnType<string, string, never>;
  income_type: ColumnType<string | null, string | null | undefined, never>;
  member_id: ColumnType<bigint | null, bigint | null | undefined, never>;
  memo: ColumnType<string | null, string | null | undefined, never>;
  details: ColumnType<unknown, string | null | undefined, never>;
  created_by: ColumnType<bigint | null, bigint | null | undefined, never>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface MailOutboxTable {
  id: Id;
  to_address: string;
  subject: string;
  body: string | null;
  delivered_via: 'smtp' | 'outbox';
  status: 'sent' | 'failed' | 'kept';
  error: string | null;
  created_at: Timestamp;
}

export interface MemberDepositAddressesTable {
  chain_id: number;
  address: string;
  user_id: bigint;
  factory: string;
  created_at: Timestamp;
}

export interface MemberDepositSaltsTable {
  user_id: bigint;
  salt: string;
  created_at: Timestamp;
}

export interface MemberEventMailOffTable {
  user_id: bigint;
  kind: MemberEventKind;
  created_at: Timestamp;
}

export interface MemberEventsTable {
  id: Id;
  user_id: bigint;
  kind: MemberEventKind;
  title: string;
  message: string;
  link: string | null;
  dedupe_key: string;
  created_at: Timestamp;
  seen_at: NullableTimestamp;
  mail_state: Generated<'pending' | 'sending' | 'sent' | 'failed' | 'off' | 'unsent'>;
}

export interface MemberFlagsTable {
  id: Id;
  member_id: bigint;
  source: 'sanctions' | 'compliance' | 'identity';
  reason: string;
  details: ColumnType<unknown, string | undefined, string>;
  created_by: bigint | null;
  created_at: Timestamp;
  cleared_at: NullableTimestamp;
  cleared_by: bigint | null;
  clear_reason: string | null;
}

export interface MemberPlansTable {
  id: Id;
  user_id: bigint;
  plan_id: bigint;
  amount: bigint;
  status: Generated<'active' | 'ended'>;
  started_at: Timestamp;
  ends_at: RequiredTimestamp;
  ended_at: NullableTimestamp;
  end_reason: string | null;
}

export interface MemberRewardsTable {
  id: Id;
  user_id: bigint;
  reward_plan_id: bigint;
  window_start: RequiredTimestamp;
  window_end: RequiredTimestamp;
  status: Generated<'working' | 'claimed' | 'carried' | 'expired'>;
  claimed_at: NullableTimestamp;
  paid: bigint | null;
  created_at: Timestamp;
}

export interface MemberSearchTable {
  user_id: bigint;
  text: string;
  username: string;
}

export interface MemberTallyTable {
  id: Id;
  users: bigint;
  members: bigint;
  active: bigint;
  blocked: bigint;
  invested: bigint;
}

export interface MemberWalletsTable {
  address: string;
  user_id: bigint;
  chain_id: number;
  linked_at: Timestamp;
}

export interface NewsTable {
  id: Id;
  title: string;
  body: string;
  published: Generated<boolean>;
  created_by: bigint;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface NotificationRecipientsTable {
  notification_id: bigint;
  user_id: bigint;
}

export interface NotificationSeenTable {
  notification_id: bigint;
  user_id: bigint;
  seen_at: Timestamp;
}

export interface NotificationsTable {
  id: Id;
  title: string;
  message: string;
  users: boolean;
  type: 'notification' | 'site_popup';
  created_by: bigint;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface OtpsTable {
  id: Id;
  user_id: bigint;
  code_hash: Buffer;
  purpose: Generated<string>;
  attempts: Generated<number>;
  expires_at: RequiredTimestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface PasswordResetsTable {
  id: Id;
  user_id: bigint;
  token_hash: Buffer;
  expires_at: RequiredTimestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface PayoutAddressChangesTable {
  id: Id;
  user_id: bigint;
  currency: Currency;
  old_address: string | null;
  new_address: string | null;
  requested_by: bigint;
  requested_at: Timestamp;
  hold_until: RequiredTimestamp;
  cancelled_at: NullableTimestamp;
  cancelled_by: bigint | null;
}

export interface PayoutAttemptsTable {
  id: Id;
  hot_tx_id: bigint;
  tx_hash: string;
  raw_tx: string;
  max_fee_per_gas: string;
  max_priority_fee_per_gas: string;
  created_at: Timestamp;
  broadcast_at: NullableTimestamp;
}

export interface PayoutBatchItemsTable {
  batch_id: bigint;
  withdrawal_id: bigint;
  position: number;
  address: string;
  net: bigint;
  raw_amount: string;
}

export interface PayoutBatchesTable {
  id: Id;
  chain_id: number;
  mode: 'wallet' | 'hot';
  contract: string;
  token_address: string;
  token_decimals: number;
  ref: string;
  deadline: RequiredTimestamp;
  from_block: bigint;
  total: bigint;
  raw_total: string;
  status: Generated<PayoutBatchStatus>;
  sender: string | null;
  tx_hash: string | null;
  ref_spent: Generated<boolean>;
  block_number: bigint | null;
  confirmations: number | null;
  failure: string | null;
  created_by: bigint | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  paid_at: NullableTimestamp;
  reorg_checked_at: NullableTimestamp;
  reorg_note: string | null;
  contract_version: Generated<1 | 2>;
}

export interface PayoutHotTxsTable {
  id: Id;
  chain_id: number;
  sender: string;
  nonce: bigint;
  purpose: 'batch' | 'allowance';
  batch_id: bigint | null;
  status: Generated<'signed' | 'sent' | 'mined'>;
  created_at: Timestamp;
  mined_at: NullableTimestamp;
}

export interface PayoutsTable {
  withdrawal_id: bigint;
  network: 'EVM' | 'TRON';
  address: string;
  status: Generated<PayoutStatus>;
  batch_id: bigint | null;
  chain_id: number | null;
  raw_amount: string | null;
  tx_hash: string | null;
  log_index: number | null;
  confirmations: number | null;
  failure: string | null;
  approved_by: bigint;
  approved_at: Timestamp;
  paid_at: NullableTimestamp;
  reorgs: Generated<number>;
  reorg_detected_at: NullableTimestamp;
  reorg_note: string | null;
}

export interface PlansTable {
  id: Id;
  name: string;
  monthly_price: bigint;
  roi_day: bigint;
  sponsor_bonus: bigint;
  plan_period: number;
  description: Generated<string>;
  type: Generated<string>;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface PrivacyExportsTable {
  id: Id;
  user_id: bigint;
  status: 'preparing' | 'ready' | 'failed';
  file: Buffer | null;
  bytes: number | null;
  files: Generated<string[]>;
  created_at: Timestamp;
  ready_at: NullableTimestamp;
  expires_at: RequiredTimestamp;
}

export interface ProofLeavesTable {
  tree_id: bigint;
  member_id: bigint;
  leaf_index: number;
  salt: Buffer;
}

export interface ProofLevelsTable {
  tree_id: bigint;
  level: number;
  chunk: number;
  nodes: Buffer;
}

export interface ProofReserveAddressesTable {
  id: Id;
  network: 'EVM' | 'TRON';
  chain_ids: number[] | null;
  address: string;
  label: string;
  signed_on: ColumnType<string, string, never>;
  message: string;
  signature: string;
  created_by: bigint;
  created_at: Timestamp;
  removed_at: NullableTimestamp;
  removed_by: bigint | null;
}

export interface ProofReserveBalancesTable {
  tree_id: bigint;
  chain_id: number;
  address: string;
  reserve_id: bigint | null;
  address_count: number | null;
  balance: bigint;
}

export interface ProofReserveChainsTable {
  tree_id: bigint;
  chain_id: number;
  status: 'read' | 'unavailable';
  reason: string | null;
  block_number: bigint | null;
  block_hash: string | null;
  read_at: Timestamp;
}

export interface ProofTreesTable {
  id: Id;
  day: ColumnType<string, string, never>;
  cutoff: RequiredTimestamp;
  root: string;
  total_usd: bigint;
  total_sgx: bigint;
  leaf_count: number;
  onchain_chain_id: number | null;
  onchain_tx_hash: string | null;
  onchain_at: NullableTimestamp;
  pruned_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  window_end: RequiredTimestamp;
}

export interface RequestKeysTable {
  key: ColumnType<string, string, never>;
  fingerprint: ColumnType<string, string, never>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface RewardNoticesTable {
  id: Id;
  user_id: bigint;
  message: string;
  sent_by: bigint;
  created_at: Timestamp;
}

export interface RewardPlansTable {
  id: Id;
  rank: number;
  title: string;
  description: Generated<string>;
  threshold: bigint;
  duration_days: number;
  reward: bigint;
  active: Generated<boolean>;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface RoiClaimsTable {
  id: Id;
  user_id: bigint;
  business_date: ColumnType<string, string, never>;
  watch_session_id: bigint;
  due: bigint;
  paid: bigint;
  created_at: Timestamp;
}

export interface RollupStateTable {
  name: string;
  closed_until: RequiredTimestamp;
}

export interface RuleVersionsTable {
  version: ColumnType<bigint, bigint, never>;
  rules: ColumnType<unknown, string, never>;
  from_at: ColumnType<Date, Date | string | undefined, never>;
  cause: ColumnType<'initial' | 'settings' | 'plan', 'initial' | 'settings' | 'plan', never>;
  changed_by: ColumnType<bigint | null, bigint | null | undefined, never>;
  reason: ColumnType<string | null, string | null | undefined, never>;
  approval_id: ColumnType<bigint | null, bigint | null | undefined, never>;
}

export interface SalaryPaymentsTable {
  id: Id;
  user_id: bigint;
  month: string;
  directs: number;
  due: bigint;
  paid: bigint;
  created_at: Timestamp;
}

export interface SanctionedAddressesTable {
  id: Id;
  list_id: bigint;
  family: 'evm' | 'tron';
  address: string;
  note: string | null;
  added_by: bigint | null;
  added_at: Timestamp;
}

export interface SanctionsHitsTable {
  id: Id;
  kind: 'payout_address' | 'wallet' | 'withdrawal' | 'payout' | 'deposit';
  member_id: bigint;
  address: string;
  list_id: bigint;
  list_source: 'ofac_sdn' | 'operator';
  list_date: string;
  deposit_id: bigint | null;
  withdrawal_id: bigint | null;
  flag_id: bigint | null;
  status: 'refused' | 'held' | 'released' | 'confirmed';
  created_at: Timestamp;
  decided_by: bigint | null;
  decided_at: NullableTimestamp;
  decision_reason: string | null;
}

export interface SanctionsListsTable {
  id: Id;
  source: 'ofac_sdn' | 'operator';
  published_on: string | null;
  extracted_from: string | null;
  loaded_at: Timestamp;
  entry_count: Generated<number>;
  sha256: string | null;
  loaded_by: bigint | null;
  replaced_at: NullableTimestamp;
}

export interface SchemaMigrationsTable {
  name: string;
  checksum: string;
  applied_at: Timestamp;
}

export interface SchemaRepeatablesTable {
  path: string;
  checksum: string;
  applied_at: Timestamp;
}

export interface SessionsTable {
  id: Id;
  user_id: bigint;
  token_hash: Buffer;
  role: UserRole;
  created_at: Timestamp;
  expires_at: RequiredTimestamp;
  revoked_at: NullableTimestamp;
  ip: string | null;
  user_agent: string | null;
  second_factor: Generated<'ok' | 'code' | 'enrol'>;
}

export interface SettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
  updated_by: bigint | null;
}

export interface SimulationsTable {
  id: Id;
  requested_by: bigint | null;
  proposal: ColumnType<unknown, string, string>;
  rules: ColumnType<unknown, string, string>;
  status: Generated<'queued' | 'running' | 'done' | 'failed'>;
  progress: Generated<number>;
  result: ColumnType<unknown, string | null | undefined, string | null>;
  error: string | null;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
  approval_id: bigint | null;
}

export interface SolvencyReportsTable {
  day: string;
  cutoff: RequiredTimestamp;
  owed_now: bigint;
  proof_total: bigint;
  principal: bigint;
  earnable_roi: bigint;
  earnable_referral: bigint;
  cto_bound: bigint;
  reserves: bigint;
  reserves_unavailable: ColumnType<unknown, string | undefined, string>;
  days_covered_stopped: number;
  flows: ColumnType<unknown, string, string>;
  runway: ColumnType<unknown, string, string>;
  health: ColumnType<unknown, string, string>;
  cohorts: ColumnType<unknown, string, string>;
  threshold_days: number;
  computed_at: Timestamp;
}

export interface StaffAlertsTable {
  id: Id;
  kind: 'solvency' | 'webhook' | 'compliance';
  dedupe_key: string;
  message: string;
  link: string | null;
  opened_at: Timestamp;
  resolved_at: NullableTimestamp;
  mailed_at: NullableTimestamp;
}

export interface StaffInvitationsTable {
  id: Id;
  email: string;
  fullname: string;
  roles: string[];
  token_hash: Buffer;
  invited_by: bigint;
  created_at: Timestamp;
  expires_at: RequiredTimestamp;
  used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  user_id: bigint | null;
}

export interface SupportMessagesTable {
  id: Id;
  user_id: bigint;
  subject: string;
  message: string;
  status: Generated<'open' | 'answered' | 'closed'>;
  reply: string | null;
  replied_by: bigint | null;
  replied_at: NullableTimestamp;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface TicketResponsesTable {
  id: Id;
  ticket_id: bigint;
  author_id: bigint;
  author_role: UserRole;
  message: string;
  created_at: Timestamp;
}

export interface TicketsTable {
  id: Id;
  ticket_id: string;
  user_id: bigint;
  subject: string;
  category: Generated<string>;
  status: Generated<TicketStatus>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TokenConfigTable {
  id: Id;
  name: string;
  symbol: string;
  total_supply: bigint;
  available_tokens: bigint;
  base_price: bigint;
  price_multiplier: Generated<bigint>;
  current_price: bigint;
  contract_address: string | null;
  created_at: Timestamp;
  last_updated: Timestamp;
}

export interface TokenPositionsTable {
  user_id: bigint;
  token_id: bigint;
  total_invested: Generated<bigint>;
  realized_pnl: Generated<bigint>;
}

export interface TokenPriceHistoryTable {
  id: Id;
  token_id: bigint;
  price: bigint;
  available_tokens: bigint | null;
  change_reason: string;
  transaction_id: bigint | null;
  user_id: bigint | null;
  created_at: Timestamp;
}

export interface TokenTransactionsTable {
  id: Id;
  token_id: bigint;
  user_id: bigint;
  transaction_type: 'BUY' | 'SELL';
  token_amount: bigint;
  price_per_token: bigint;
  total_amount: bigint;
  status: Generated<'completed' | 'pending' | 'failed'>;
  transaction_hash: string;
  request_key: string;
  ledger_transaction_id: bigint | null;
  created_at: Timestamp;
}

export interface TopupsTable {
  id: Id;
  kind: TopupKind;
  plan_id: bigint | null;
  userby_id: bigint;
  userto_id: bigint;
  amount: bigint;
  status: Generated<'complete'>;
  request_key: string;
  ledger_transaction_id: bigint | null;
  created_by: bigint;
  created_at: Timestamp;
}

export interface TransfersTable {
  id: Id;
  kind: 'touser' | 'friend';
  user_id: bigint;
  userto_id: bigint;
  amount: bigint;
  topup_id: bigint | null;
  request_key: string;
  ledger_transaction_id: bigint | null;
  created_at: Timestamp;
}

export interface TwoFactorRecoveryCodesTable {
  id: Id;
  user_id: bigint;
  code_hash: string;
  created_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface TwoFactorsTable {
  user_id: bigint;
  secret: string;
  created_at: Timestamp;
  confirmed_at: NullableTimestamp;
  last_step: bigint | null;
}

export interface UploadsTable {
  name: ColumnType<string, string, never>;
  content_type: ColumnType<
    'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp',
    'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp',
    never
  >;
  bytes: ColumnType<Buffer, Buffer, never>;
  sha256: ColumnType<Buffer, Buffer, never>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface UsersTable {
  id: Id;
  username: string;
  email: string;
  password_hash: string;
  role: Generated<UserRole>;
  status: Generated<'unblock' | 'block'>;
  is_active: Generated<'active' | 'inactive'>;
  roi_status: Generated<'open' | 'close'>;
  level_status: Generated<'open' | 'close'>;
  address: string | null;
  fullname: string;
  phone: string | null;
  sponsor_id: bigint | null;
  refferal_code: string;
  last_login: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  verify_at: NullableTimestamp;
  activation_date: NullableTimestamp;
  total_team: Generated<number>;
  bep20: string | null;
  trc20: string | null;
  active_plan: Generated<bigint>;
  plan_id: bigint | null;
  deleted_at: NullableTimestamp;
  team_business: Generated<bigint>;
  active_directs: Generated<number>;
  total_earned: Generated<bigint>;
  block_reason: string | null;
  locale: 'en' | 'es' | 'hi' | null;
  time_zone: string | null;
  staff_roles: Generated<string[]>;
  suspended_at: NullableTimestamp;
  identity_level: Generated<number>;
  country: string | null;
}

export interface VideosTable {
  id: Id;
  title: string;
  url: string;
  description: string | null;
  created_by: bigint | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
  publish_at: NullableTimestamp;
}

export interface WalletChallengesTable {
  nonce: string;
  user_id: bigint;
  address: string;
  chain_id: number;
  message: string;
  expires_at: RequiredTimestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface WatchSessionsTable {
  id: Id;
  user_id: bigint;
  video_id: bigint | null;
  business_date: ColumnType<string, string, never>;
  started_at: Timestamp;
}

export interface WebhookAttemptsTable {
  id: Id;
  delivery_id: bigint;
  endpoint_id: bigint;
  attempted_at: RequiredTimestamp;
  http_status: number | null;
  latency_ms: number;
  response_excerpt: string | null;
  error: string | null;
  manual: Generated<boolean>;
}

export interface WebhookDeliveriesTable {
  id: Id;
  endpoint_id: bigint;
  event_id: string;
  sequence: bigint;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  created_at: Timestamp;
  delivered_at: NullableTimestamp;
  manual: Generated<boolean>;
}

export interface WebhookEndpointsTable {
  id: Id;
  url: string;
  events: string[];
  description: Generated<string>;
  enabled: Generated<boolean>;
  disabled_reason: string | null;
  disabled_at: NullableTimestamp;
  last_sequence: Generated<bigint>;
  consecutive_failures: Generated<number>;
  failing_since: NullableTimestamp;
  created_by: bigint | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookEventsTable {
  id: Generated<string>;
  type: string;
  data: ColumnType<unknown, string, string>;
  created_at: Timestamp;
  dispatched: Generated<boolean>;
  endpoint_id: bigint | null;
}

export interface WebhookSecretsTable {
  id: Id;
  endpoint_id: bigint;
  secret: string;
  created_at: Timestamp;
  expires_at: NullableTimestamp;
}

export interface WithdrawalsTable {
  id: Id;
  user_id: bigint;
  kind: WithdrawalKind;
  amount: bigint;
  fee: bigint;
  net: bigint;
  currency: Currency;
  address: string;
  status: Generated<RequestStatus>;
  member_plan_id: bigint | null;
  request_key: string;
  decided_by: bigint | null;
  decided_at: NullableTimestamp;
  note: string | null;
  payout_reference: string | null;
  created_at: Timestamp;
}

export interface DB {
  access_ips: AccessIpsTable;
  achievers: AchieversTable;
  activity_rollups: ActivityRollupsTable;
  admin_solo_actions: AdminSoloActionsTable;
  api_keys: ApiKeysTable;
  app_secrets: AppSecretsTable;
  approvals: ApprovalsTable;
  audit_archived_months: AuditArchivedMonthsTable;
  audit_log: AuditLogTable;
  banners: BannersTable;
  bonus_claims: BonusClaimsTable;
  bonuses: BonusesTable;
  chain_settings: ChainSettingsTable;
  codes: CodesTable;
  counter_checks: CounterChecksTable;
  cto_disqualified: CtoDisqualifiedTable;
  cto_payouts: CtoPayoutsTable;
  cto_shares: CtoSharesTable;
  deposit_addresses: DepositAddressesTable;
  deposit_sweeps: DepositSweepsTable;
  deposits: DepositsTable;
  earned_mark_days: EarnedMarkDaysTable;
  earned_marks: EarnedMarksTable;
  identity_documents: IdentityDocumentsTable;
  identity_submissions: IdentitySubmissionsTable;
  income_holds: IncomeHoldsTable;
  income_skips: IncomeSkipsTable;
  leadership: LeadershipTable;
  ledger_account_figures: LedgerAccountSumsTable;
  ledger_account_sums: LedgerAccountSumsTable;
  ledger_account_sums_live: LedgerAccountSumsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_archived_months: LedgerArchivedMonthsTable;
  ledger_archived_sums: LedgerArchivedSumsTable;
  ledger_balances: LedgerBalancesTable;
  ledger_entries: LedgerEntriesTable;
  ledger_marks: LedgerMarksTable;
  ledger_marks_counted: LedgerMarksCountedTable;
  ledger_marks_state: LedgerMarksStateTable;
  ledger_memo_pieces: LedgerMemoPiecesTable;
  ledger_memo_pieces_state: LedgerMemoPiecesStateTable;
  ledger_reconcile_runs: LedgerReconcileRunsTable;
  ledger_reconciled: LedgerReconciledTable;
  ledger_rollup_live: LedgerRollupLiveTable;
  ledger_rollups: LedgerRollupsTable;
  ledger_transaction_keys: LedgerTransactionKeysTable;
  ledger_transactions: LedgerTransactionsTable;
  mail_outbox: MailOutboxTable;
  member_deposit_addresses: MemberDepositAddressesTable;
  member_deposit_salts: MemberDepositSaltsTable;
  member_event_mail_off: MemberEventMailOffTable;
  member_events: MemberEventsTable;
  member_flags: MemberFlagsTable;
  member_plans: MemberPlansTable;
  member_rewards: MemberRewardsTable;
  member_search: MemberSearchTable;
  member_tally: MemberTallyTable;
  member_wallets: MemberWalletsTable;
  news: NewsTable;
  notification_recipients: NotificationRecipientsTable;
  notification_seen: NotificationSeenTable;
  notifications: NotificationsTable;
  otps: OtpsTable;
  password_resets: PasswordResetsTable;
  payout_address_changes: PayoutAddressChangesTable;
  payout_attempts: PayoutAttemptsTable;
  payout_batch_items: PayoutBatchItemsTable;
  payout_batches: PayoutBatchesTable;
  payout_hot_txs: PayoutHotTxsTable;
  payouts: PayoutsTable;
  plans: PlansTable;
  privacy_exports: PrivacyExportsTable;
  proof_leaves: ProofLeavesTable;
  proof_levels: ProofLevelsTable;
  proof_reserve_addresses: ProofReserveAddressesTable;
  proof_reserve_balances: ProofReserveBalancesTable;
  proof_reserve_chains: ProofReserveChainsTable;
  proof_trees: ProofTreesTable;
  rate_limits: RateLimitsTable;
  request_keys: RequestKeysTable;
  reward_notices: RewardNoticesTable;
  reward_plans: RewardPlansTable;
  roi_claims: RoiClaimsTable;
  rollup_state: RollupStateTable;
  rule_versions: RuleVersionsTable;
  salary_payments: SalaryPaymentsTable;
  sanctioned_addresses: SanctionedAddressesTable;
  sanctions_hits: SanctionsHitsTable;
  sanctions_lists: SanctionsListsTable;
  schema_migrations: SchemaMigrationsTable;
  schema_repeatables: SchemaRepeatablesTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  simulations: SimulationsTable;
  solvency_reports: SolvencyReportsTable;
  staff_alerts: StaffAlertsTable;
  staff_invitations: StaffInvitationsTable;
  support_messages: SupportMessagesTable;
  ticket_responses: TicketResponsesTable;
  tickets: TicketsTable;
  token_config: TokenConfigTable;
  token_positions: TokenPositionsTable;
  token_price_history: TokenPriceHistoryTable;
  token_transactions: TokenTransactionsTable;
  topups: TopupsTable;
  transfers: TransfersTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factors: TwoFactorsTable;
  uploads: UploadsTable;
  users: UsersTable;
  videos: VideosTable;
  wallet_challenges: WalletChallengesTable;
  watch_sessions: WatchSessionsTable;
  webhook_attempts: WebhookAttemptsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_secrets: WebhookSecretsTable;
  withdrawals: WithdrawalsTable;
}
