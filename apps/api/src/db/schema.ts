import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the tables (see migrations/). bigint columns arrive as JS bigint. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Id = ColumnType<bigint, bigint | number | undefined, never>;

export type UserRole = 'user' | 'admin';

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

export interface UsersTable {
  id: Id;
  username: string;
  email: string;
  password_hash: string;
  role: Generated<UserRole>;
  status: Generated<'unblock' | 'block'>;
  /** The admin's reason, shown to the member; set only while blocked (migration 0045). */
  block_reason: string | null;
  /** The member's language ('en' | 'es' | 'hi') and IANA time zone; null: the browser's (migration 0047). */
  locale: string | null;
  time_zone: string | null;
  /** A staff account's roles (owner, finance, support, content, compliance); none for a member (migration 0049). */
  staff_roles: Generated<string[]>;
  /** A suspended staff account: no sign-in, no session (migration 0051). */
  suspended_at: NullableTimestamp;
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
}

export interface SessionsTable {
  id: Id;
  user_id: bigint;
  token_hash: Buffer;
  role: UserRole;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  ip: string | null;
  user_agent: string | null;
  /** What the session still has to do before anything else (migration 0028): see SecondFactorState. */
  second_factor: Generated<'ok' | 'code' | 'enrol'>;
}

export interface SettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
  updated_by: bigint | null;
}

export interface AuditLogTable {
  id: Id;
  actor_id: bigint | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  reason: string | null;
  created_at: Timestamp;
  /** The member the entry concerns, filled from its record by a trigger (migration 0050). */
  member_id: Generated<bigint | null>;
}

export interface RewardNoticesTable {
  id: Id;
  user_id: bigint;
  message: string;
  sent_by: bigint;
  created_at: Timestamp;
}

export interface DB {
  plans: PlansTable;
  users: UsersTable;
  /** A member's searchable text, kept by a trigger on users (migration 0068). */
  member_search: { user_id: bigint; text: string };
  sessions: SessionsTable;
  settings: SettingsTable;
  audit_log: AuditLogTable;
  reward_notices: RewardNoticesTable;
  token_config: TokenConfigTable;
  videos: VideosTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_account_sums: LedgerAccountSumsTable;
  ledger_account_sums_live: LedgerAccountSumsTable;
  /** View (migration 0066): the folded and the appended figures, each entry once. */
  ledger_account_figures: LedgerAccountSumsTable;
  member_plans: MemberPlansTable;
  topups: TopupsTable;
  deposits: DepositsTable;
  withdrawals: WithdrawalsTable;
  transfers: TransfersTable;
  codes: CodesTable;
  deposit_addresses: DepositAddressesTable;
  wallet_challenges: WalletChallengesTable;
  member_wallets: MemberWalletsTable;
  chain_settings: ChainSettingsTable;
  member_deposit_salts: MemberDepositSaltsTable;
  member_deposit_addresses: MemberDepositAddressesTable;
  deposit_sweeps: DepositSweepsTable;
  payout_batches: PayoutBatchesTable;
  payout_batch_items: PayoutBatchItemsTable;
  payout_hot_txs: PayoutHotTxsTable;
  payout_attempts: PayoutAttemptsTable;
  payouts: PayoutsTable;
  income_skips: IncomeSkipsTable;
  watch_sessions: WatchSessionsTable;
  roi_claims: RoiClaimsTable;
  token_transactions: TokenTransactionsTable;
  token_price_history: TokenPriceHistoryTable;
  token_positions: TokenPositionsTable;
  tickets: TicketsTable;
  ticket_responses: TicketResponsesTable;
  notifications: NotificationsTable;
  notification_recipients: NotificationRecipientsTable;
  notification_seen: NotificationSeenTable;
  password_resets: PasswordResetsTable;
  otps: OtpsTable;
  mail_outbox: MailOutboxTable;
  banners: BannersTable;
  achievers: AchieversTable;
  news: NewsTable;
  support_messages: SupportMessagesTable;
  bonuses: BonusesTable;
  bonus_claims: BonusClaimsTable;
  salary_payments: SalaryPaymentsTable;
  reward_plans: RewardPlansTable;
  member_rewards: MemberRewardsTable;
  leadership: LeadershipTable;
  cto_payouts: CtoPayoutsTable;
  cto_shares: CtoSharesTable;
  cto_disqualified: CtoDisqualifiedTable;
  counter_checks: CounterChecksTable;
  request_keys: RequestKeysTable;
  rate_limits: RateLimitsTable;
  uploads: UploadsTable;
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

export interface VideosTable {
  id: Id;
  title: string;
  url: string;
  description: string | null;
  created_by: bigint | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
  /** Null: a draft; members see the video from this time on (migration 0046). */
  publish_at: NullableTimestamp;
}

export type AccountKind =
  | 'deposit'
  | 'working'
  | 'non_working'
  | 'compound'
  | 'token'
  | 'cash'
  | 'income_expense'
  | 'fee_revenue'
  | 'pending_withdrawals'
  | 'token_treasury'
  | 'adjustments'
  | 'investments'
  /** A member's deposit credit held after a chain reorganisation removed it (decision 0028). */
  | 'held'
  /** Platform: what deposits to members' own addresses left there, and what sweeps moved to the treasury (0033). */
  | 'member_addresses'
  | 'treasury'
  /** Platform: transfers to member addresses below the minimum, received and not credited (migration 0042). */
  | 'uncredited_deposits';
export type Asset = 'USD' | 'SGX';

export interface LedgerAccountsTable {
  id: Id;
  owner_id: bigint | null;
  kind: AccountKind;
  asset: Asset;
  balance: Generated<bigint>;
  allow_negative: Generated<boolean>;
  created_at: Timestamp;
}

export interface LedgerTransactionsTable {
  id: Id;
  idempotency_key: string;
  kind: string;
  income_type: string | null;
  member_id: bigint | null;
  memo: string | null;
  details: ColumnType<unknown, string | null, never>;
  created_by: bigint | null;
  created_at: Timestamp;
}

export interface LedgerEntriesTable {
  id: Id;
  transaction_id: bigint;
  account_id: bigint;
  amount: bigint;
  /** Its transaction's time (migration 0062). */
  created_at: Generated<Date>;
}

/** A member account's figures per (source, income, credit): folded, and appended since (migration 0062). */
export interface LedgerAccountSumsTable {
  account_id: bigint;
  source: string;
  income: boolean;
  credit: boolean;
  entries: bigint;
  amount: bigint;
}

export interface MemberPlansTable {
  id: Id;
  user_id: bigint;
  plan_id: bigint;
  amount: bigint;
  status: Generated<'active' | 'ended'>;
  started_at: Timestamp;
  ends_at: Timestamp;
  ended_at: NullableTimestamp;
  end_reason: string | null;
}

export type TopupKind = 'topup' | 'retopup' | 'entry' | 'friend';
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

export type RequestStatus = 'pending' | 'complete' | 'decline';
export type Currency = 'BEP20' | 'TRC20';
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
  /** The member's own address it reached (issue 20), 20-byte hex; null for the shared receiving address. */
  to_address: string | null;
  /** The member the chain's sender wallet was linked to when the verifier read it (migration 0034). */
  sender_id: bigint | null;
  /** A credited deposit a chain reorganisation removed (decision 0028, migration 0035). */
  reorg_status: ReorgStatus | null;
  reorg_detected_at: NullableTimestamp;
  held_amount: bigint | null;
  reorg_shortfall: bigint | null;
  reorg_note: string | null;
  reorg_checked_at: NullableTimestamp;
  reorg_resolved_by: bigint | null;
  reorg_resolved_at: NullableTimestamp;
  reorg_resolution: string | null;
}

export type ReorgStatus = 'held' | 'released' | 'reversed';

/** Where the server's check of an on-chain deposit stands. */
export type ChainStatus = 'waiting' | 'confirming' | 'credited' | 'refused' | 'manual' | 'below_minimum';

export interface WalletChallengesTable {
  nonce: string;
  user_id: bigint;
  address: string;
  chain_id: number;
  message: string;
  expires_at: Date;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface MemberWalletsTable {
  address: string;
  user_id: bigint;
  chain_id: number;
  linked_at: Timestamp;
}

export interface ChainSettingsTable {
  chain_id: number;
  enabled: Generated<boolean>;
  token_address: string;
  token_symbol: Generated<string>;
  token_decimals: number;
  confirmations: number;
  scanned_to_block: bigint | null;
  updated_at: Generated<Date>;
  /** Member deposit addresses (issue 20, migration 0041): the factory and what was read from it. */
  forwarder_factory: string | null;
  forwarder_prefix: '0xff' | '0x41' | null;
  forwarder_code_hash: string | null;
  treasury_address: string | null;
  min_deposit: Generated<bigint>;
  scanned_block_hash: string | null;
  /** The BatchPayout contract approved withdrawals are paid through (issue 21, migration 0044). */
  payout_contract: Generated<string | null>;
}

export interface MemberDepositSaltsTable {
  user_id: bigint;
  salt: string;
  created_at: Timestamp;
}

export interface MemberDepositAddressesTable {
  chain_id: number;
  address: string;
  user_id: bigint;
  factory: string;
  created_at: Timestamp;
}

export type SweepStatus = 'prepared' | 'sent' | 'confirmed' | 'failed';
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

/** Payouts on chain (issue 21, migration 0044). Token amounts (numeric(78,0)) are integer text. */
export type PayoutStatus = 'approved' | 'sending' | 'paid' | 'failed' | 'held';
export type PayoutBatchStatus = 'prepared' | 'sent' | 'paid' | 'failed' | 'expired' | 'reorged';
export interface PayoutBatchesTable {
  id: Id;
  chain_id: number;
  mode: 'wallet' | 'hot';
  contract: string;
  token_address: string;
  token_decimals: number;
  ref: string;
  deadline: Timestamp;
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
  created_at: Generated<Date>;
  sent_at: NullableTimestamp;
  paid_at: NullableTimestamp;
  /** The re-check after payment (migration 0069): when it last read the transaction, why it is still watched. */
  reorg_checked_at: NullableTimestamp;
  reorg_note: string | null;
  /** The BatchPayout version read on chain when it was prepared (migration 0070): 2 binds `ref` to its payer. */
  contract_version: Generated<1 | 2>;
}
export interface PayoutBatchItemsTable {
  batch_id: bigint;
  withdrawal_id: bigint;
  position: number;
  address: string;
  net: bigint;
  raw_amount: string;
}
export interface PayoutHotTxsTable {
  id: Id;
  chain_id: number;
  sender: string;
  nonce: bigint;
  purpose: 'batch' | 'allowance';
  batch_id: bigint | null;
  status: Generated<'signed' | 'sent' | 'mined'>;
  created_at: Generated<Date>;
  mined_at: NullableTimestamp;
}
export interface PayoutAttemptsTable {
  id: Id;
  hot_tx_id: bigint;
  tx_hash: string;
  raw_tx: string;
  max_fee_per_gas: string;
  max_priority_fee_per_gas: string;
  created_at: Generated<Date>;
  broadcast_at: NullableTimestamp;
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
  approved_at: Generated<Date>;
  paid_at: NullableTimestamp;
  /** Payments a reorganisation took back (migration 0069): the ledger keys of the next payment count with it. */
  reorgs: Generated<number>;
  reorg_detected_at: NullableTimestamp;
  reorg_note: string | null;
}

export type WithdrawalKind = 'working' | 'roi' | 'principal' | 'compound';
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

export interface DepositAddressesTable {
  id: Id;
  currency: Currency;
  address: string;
  label: string | null;
  created_by: bigint;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
  /** BEP20 only: null serves every EVM chain, a chain id overrides it on that chain. */
  chain_id: number | null;
}

export interface IncomeSkipsTable {
  id: Id;
  user_id: bigint;
  income_type: string;
  cause_key: string;
  amount: bigint;
  reason: string;
  details: ColumnType<unknown, string | null, never>;
  created_at: Timestamp;
}

export interface WatchSessionsTable {
  id: Id;
  user_id: bigint;
  video_id: bigint | null;
  business_date: ColumnType<string, string, never>;
  started_at: Timestamp;
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

export interface TokenPositionsTable {
  user_id: bigint;
  token_id: bigint;
  total_invested: Generated<bigint>;
  realized_pnl: Generated<bigint>;
}

export type TicketStatus = 'open' | 'in-progress' | 'resolved' | 'closed';
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

export interface TicketResponsesTable {
  id: Id;
  ticket_id: bigint;
  author_id: bigint;
  author_role: UserRole;
  message: string;
  created_at: Timestamp;
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

export interface NotificationRecipientsTable {
  notification_id: bigint;
  user_id: bigint;
}

export interface NotificationSeenTable {
  notification_id: bigint;
  user_id: bigint;
  seen_at: Timestamp;
}

export interface PasswordResetsTable {
  id: Id;
  user_id: bigint;
  token_hash: Buffer;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface OtpsTable {
  id: Id;
  user_id: bigint;
  code_hash: Buffer;
  purpose: Generated<string>;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
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

export interface BannersTable {
  id: Id;
  image: string;
  created_by: bigint;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
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

export interface BonusClaimsTable {
  id: Id;
  bonus_id: bigint;
  bonus_type: string;
  user_id: bigint;
  business_date: ColumnType<string, string, never>;
  paid: bigint;
  created_at: Timestamp;
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

export interface MemberRewardsTable {
  id: Id;
  user_id: bigint;
  reward_plan_id: bigint;
  window_start: Timestamp;
  window_end: Timestamp;
  status: Generated<'working' | 'claimed' | 'carried' | 'expired'>;
  claimed_at: NullableTimestamp;
  paid: bigint | null;
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

export interface CtoPayoutsTable {
  id: Id;
  month: string;
  turnover: bigint;
  pool: bigint;
  members: number;
  share: bigint;
  paid_by: bigint | null;
  /** 'paying' until every share is credited (migration 0063). */
  status: ColumnType<'paying' | 'paid', 'paying' | 'paid' | undefined, 'paid'>;
  created_at: Timestamp;
}

export interface CounterChecksTable {
  id: Id;
  checked: number;
  mismatches: ColumnType<unknown, string, never>;
  created_at: Timestamp;
}

export interface CtoSharesTable {
  id: Id;
  payout_id: bigint;
  user_id: bigint;
  amount: bigint;
}

export interface CtoDisqualifiedTable {
  user_id: bigint;
  reason: string;
  by_admin: bigint;
  created_at: Timestamp;
}

/** An Idempotency-Key as its sender's, with the fingerprint of the request it names (migration 0024). */
export interface RequestKeysTable {
  key: string;
  fingerprint: string;
  created_at: Generated<Timestamp>;
}

/** A fixed-window rate-limit counter per key, shared by every API instance (migration 0023). */
export interface RateLimitsTable {
  key: string;
  hits: number;
  window_end: Timestamp;
}

/** An uploaded image, served to every instance from here (migration 0023). */
export interface UploadsTable {
  name: string;
  content_type: string;
  bytes: Buffer;
  sha256: Buffer;
  created_at: Timestamp;
}

export type MemberEventKind =
  | 'withdrawal_approved'
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
  | 'payout_address_changed'
  | 'deposit_held'
  | 'withdrawal_held';

/** What happened to a member's money or request, written with the change (migration 0027). */
export interface MemberEventsTable {
  id: Id;
  user_id: bigint;
  kind: MemberEventKind;
  title: string;
  message: string;
  link: string | null;
  dedupe_key: string;
  created_at: Generated<Date>;
  seen_at: NullableTimestamp;
  mail_state: Generated<'pending' | 'sending' | 'sent' | 'failed' | 'off' | 'unsent'>;
}

/** A kind of member event the member does not want by e-mail (migration 0027). */
export interface MemberEventMailOffTable {
  user_id: bigint;
  kind: MemberEventKind;
  created_at: Generated<Date>;
}

// Merged into DB above: the member-event tables of migration 0027.
export interface DB {
  member_events: MemberEventsTable;
  member_event_mail_off: MemberEventMailOffTable;
}

/** A user's second factor (migration 0028): pending until confirmed; last_step makes each code single use. */
export interface TwoFactorsTable {
  user_id: bigint;
  secret: string;
  created_at: Generated<Date>;
  confirmed_at: Date | null;
  last_step: bigint | null;
}

/** A recovery code's argon2id hash, used once (migration 0028). */
export interface TwoFactorRecoveryCodesTable {
  id: Id;
  user_id: bigint;
  code_hash: string;
  created_at: Generated<Date>;
  used_at: NullableTimestamp;
}

// Merged into DB above: the two-factor tables of migration 0028.
export interface DB {
  two_factors: TwoFactorsTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
}

/** A change of a member's payout address and the hold on withdrawals to it (migration 0030). */
export interface PayoutAddressChangesTable {
  id: Id;
  user_id: bigint;
  currency: Currency;
  old_address: string | null;
  new_address: string | null;
  requested_by: bigint;
  requested_at: Generated<Date>;
  hold_until: Timestamp;
  cancelled_at: NullableTimestamp;
  cancelled_by: bigint | null;
}

// Merged into DB above: the payout address changes of migration 0030.
export interface DB {
  payout_address_changes: PayoutAddressChangesTable;
}

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
  | 'token_price';
export type ApprovalStatusColumn = 'pending' | 'approved' | 'rejected' | 'cancelled';

/** An admin action waiting for a second admin, or how it was decided (migration 0029). */
export interface ApprovalsTable {
  id: Id;
  kind: ApprovalKindColumn;
  status: Generated<ApprovalStatusColumn>;
  subject_id: bigint | null;
  member_id: bigint | null;
  amount: bigint | null;
  summary: string;
  changes: ColumnType<{ field: string; before: string; after: string }[], string, never>;
  payload: ColumnType<Record<string, unknown>, string, never>;
  reason: string | null;
  request_key: string;
  requested_by: bigint;
  requested_at: Generated<Date>;
  decided_by: bigint | null;
  decided_at: NullableTimestamp;
  decision_reason: string | null;
}

// Merged into AuditLogTable above (migration 0029): the approval an approved action ran under and its approver,
// filled by the column defaults from the approval's transaction.
export interface AuditLogTable {
  approval_id: Generated<bigint | null>;
  approved_by: Generated<bigint | null>;
}

// Merged into DB above: the approvals table of migration 0029.
export interface DB {
  approvals: ApprovalsTable;
}

/**
 * A money action one admin did alone, with its amount (migration 0037, decision 0030): what an admin may do alone
 * is capped per rolling 24 hours in total (settings.soloDailyLimit). Insert-only for the app.
 */
export interface AdminSoloActionsTable {
  id: Id;
  admin_id: bigint;
  amount: bigint;
  kind: Exclude<ApprovalKindColumn, 'debit' | 'settings'>;
  subject_id: bigint | null;
  action_key: string;
  at: Generated<Date>;
}

// Merged into DB above: the solo actions of migration 0037.
export interface DB {
  admin_solo_actions: AdminSoloActionsTable;
}

/**
 * A hashed IP a member signed in or registered from, one row per member, IP, kind and UTC day (migration 0031,
 * decision 0026). Written only by the trigger on sessions; the app reads it.
 */
export interface AccessIpsTable {
  user_id: ColumnType<bigint, never, never>;
  ip_hash: ColumnType<Buffer, never, never>;
  kind: ColumnType<'registration' | 'sign_in', never, never>;
  seen_at: ColumnType<Date, never, never>;
  /** The UTC day of seen_at, as 'YYYY-MM-DD'. */
  day: ColumnType<string, never, never>;
}

// Merged into DB above: the hashed sign-in and registration IPs of migration 0031.
export interface DB {
  access_ips: AccessIpsTable;
}

/** A staff invitation (migration 0051, decision 0042): the link's token kept as its SHA-256, single use. */
export interface StaffInvitationsTable {
  id: Id;
  email: string;
  fullname: string;
  roles: string[];
  token_hash: Buffer;
  invited_by: bigint;
  created_at: Timestamp;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  user_id: bigint | null;
}

// Merged into DB above.
export interface DB {
  staff_invitations: StaffInvitationsTable;
}

/** Proof of liabilities (migration 0053, decision 0044): one Merkle-sum tree a day. */
export interface ProofTreesTable {
  id: Id;
  day: ColumnType<string, string, never>;
  cutoff: Timestamp;
  root: string;
  total_usd: bigint;
  total_sgx: bigint;
  leaf_count: number;
  onchain_chain_id: number | null;
  onchain_tx_hash: string | null;
  onchain_at: NullableTimestamp;
  pruned_at: NullableTimestamp;
  created_at: Generated<Date>;
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

// Merged into DB above.
export interface DB {
  proof_trees: ProofTreesTable;
  proof_leaves: ProofLeavesTable;
  proof_levels: ProofLevelsTable;
}

/** Proof of reserves (migration 0054, decision 0044): proven addresses and what they held at each cut-off. */
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
  created_at: Generated<Date>;
  removed_at: NullableTimestamp;
  removed_by: bigint | null;
}

export interface ProofReserveChainsTable {
  tree_id: bigint;
  chain_id: number;
  status: 'read' | 'unavailable';
  reason: string | null;
  block_number: bigint | null;
  block_hash: string | null;
  read_at: Generated<Date>;
}

export interface ProofReserveBalancesTable {
  tree_id: bigint;
  chain_id: number;
  address: string;
  reserve_id: bigint | null;
  address_count: number | null;
  balance: bigint;
}

// Merged into DB above.
export interface DB {
  proof_reserve_addresses: ProofReserveAddressesTable;
  proof_reserve_chains: ProofReserveChainsTable;
  proof_reserve_balances: ProofReserveBalancesTable;
}
