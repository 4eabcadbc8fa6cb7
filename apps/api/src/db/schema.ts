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
  sessions: SessionsTable;
  settings: SettingsTable;
  audit_log: AuditLogTable;
  reward_notices: RewardNoticesTable;
  token_config: TokenConfigTable;
  videos: VideosTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
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
  | 'adjustments';
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
}
