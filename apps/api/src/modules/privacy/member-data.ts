/**
 * Where a member's data lives (decision 0077): ONE classification of every table and column that refers to a
 * member, read by both the export (what is theirs) and the erasure (what is overwritten). `member-data.int.test.ts`
 * reads the live schema and fails while a table or column that refers to a member is not classified here, and while
 * a text, jsonb or inet column of a member-owned table is neither erased nor kept. A new table is one entry.
 *
 * Vocabulary:
 * - `own`: the columns that make a row the member's own (any of them equal to the member): exported, erased.
 * - `via`: rows reached through a parent instead (a SQL condition over the member's id, `$member`), e.g. the
 *   entries of the member's ledger accounts; they are the member's too.
 * - `others`: columns naming another person (a sponsor, a staff actor). In an export, a person column (own or
 *   others) that is not the member is blanked: the member sees that someone else acted, never who.
 * - `erase`: what erasure does to each text column of the member's rows; `deleteRows` removes the rows instead;
 *   `revoke` names a timestamp column set to now() where still empty (sessions, API keys).
 * - `keep`: text columns left as they are, with no personal data (a status, a kind, a hash) or kept by law
 *   (the ledger, the audit trail, chain addresses and hashes of money movements: anti-money-laundering records).
 *   Five years after closing, `db/functions/privacy_retention_end.sql` deletes or reduces the personal remainder of
 *   those records (risk signals, linked wallets, deposit senders, country, compliance texts); the ledger stays.
 * - `secret`: never exported (password and token hashes, two-factor secrets).
 * - `export: false`: not in the member's copy, with the reason (e.g. compliance flags: no tipping-off).
 */

export type Erase =
  /** SET NULL (the column is nullable). */
  | 'null'
  /** Replaced by the text `[erased]` (a NOT NULL free-text column). */
  | 'redact'
  /** The member's pseudonym, `erased-<random>` (unique). */
  | 'pseudonym'
  /** The pseudonym as an e-mail address, `erased-<random>@erased.invalid` (unique, still an address). */
  | 'pseudonym-email'
  /** A password hash nothing matches. */
  | 'unusable'
  /** A jsonb record replaced by `{"erased": true, "member_id": <its member_id>}`. */
  | 'erased-json'
  /** Rewritten by a trigger from the erased users row (member_search). */
  | 'derived';

export type TableRule = {
  own?: readonly string[];
  via?: string;
  others?: readonly string[];
  erase?: Readonly<Record<string, Erase>>;
  deleteRows?: boolean;
  revoke?: string;
  keep?: readonly string[];
  secret?: readonly string[];
  export?: false | string;
  /** Rows that name the member only by their e-mail address (no id column): this column, equal or as a key's end. */
  byEmail?: { column: string; match: 'equals' | 'suffix' };
  /**
   * jsonb columns whose keys may name another member by id (`{"from": "12", "to": "34"}`): in an export, such a
   * key holding an id other than the member's is blanked, as person columns are.
   */
  jsonPeople?: Readonly<Record<string, readonly string[]>>;
  /** Why the table is classified this way, when it is not obvious. */
  note?: string;
};

/** Free-text columns overwritten with `[erased]`. */
const redacted = (...columns: string[]): Record<string, Erase> =>
  Object.fromEntries(columns.map((c) => [c, 'redact' as const]));

/** A table whose only member columns name staff or other people acting (never a member's own row). */
const actors = (...others: string[]): TableRule => ({ others });

/** Money columns (bigint units of 10^-8) by name: exported as decimal text. */
export const MONEY_COLUMNS = new Set([
  'amount',
  'fee',
  'net',
  'balance',
  'paid',
  'due',
  'credited_amount',
  'held_amount',
  'reorg_shortfall',
  'total_invested',
  'realized_pnl',
  'price',
  'price_per_token',
  'total_amount',
  'token_amount',
  'turnover',
  'pool',
  'share',
  'team_business',
  'total_earned',
  'active_plan',
  'monthly_price',
]);

export const MEMBER_DATA: Readonly<Record<string, TableRule>> = {
  users: {
    own: ['id'],
    others: ['sponsor_id'],
    erase: {
      username: 'pseudonym',
      email: 'pseudonym-email',
      fullname: 'pseudonym',
      password_hash: 'unusable',
      address: 'null',
      phone: 'null',
      bep20: 'null',
      trc20: 'null',
      block_reason: 'null',
      time_zone: 'null',
    },
    keep: [
      'role',
      'status',
      'is_active',
      'roi_status',
      'level_status',
      'refferal_code',
      'locale',
      'staff_roles',
      'country',
    ],
    secret: ['password_hash'],
    note: 'country and identity_level are kept: the customer record anti-money-laundering law requires',
  },
  access_ips: {
    own: ['user_id'],
    keep: ['kind'],
    secret: ['ip_hash'],
    note: 'hashed addresses of money requests: risk signals, kept (the app may not change them)',
  },
  api_keys: {
    own: ['user_id'],
    others: ['revoked_by'],
    revoke: 'revoked_at',
    erase: { name: 'redact' },
    keep: ['kind', 'prefix', 'scopes', 'networks', 'last_used_ip'],
    secret: ['secret_hash'],
  },
  approvals: {
    own: ['member_id'],
    others: ['requested_by', 'decided_by'],
    erase: { reason: 'null', decision_reason: 'null' },
    keep: ['kind', 'status', 'summary', 'changes', 'payload', 'request_key'],
    note: 'the two-admin record of a money decision: amounts and kinds, kept; the reasons staff wrote are erased',
  },
  audit_log: {
    own: ['member_id', 'actor_id'],
    others: ['approved_by'],
    keep: ['action', 'entity', 'entity_id', 'before', 'after', 'reason'],
    note: 'immutable (refuses UPDATE): kept under the pseudonym; see decision 0077 for what it may hold',
  },
  bonus_claims: { own: ['user_id'], keep: ['bonus_type'] },
  codes: { own: ['redeemed_by'], others: ['created_by'], keep: ['code', 'batch_key'] },
  cto_disqualified: { own: ['user_id'], others: ['by_admin'], erase: { reason: 'redact' } },
  cto_shares: { own: ['user_id'] },
  deposits: {
    own: ['user_id', 'sender_id'],
    others: ['decided_by', 'reorg_resolved_by'],
    erase: { note: 'null' },
    keep: [
      'currency',
      'hash',
      'status',
      'verified_by',
      'from_address',
      'to_address',
      'chain_status',
      'chain_reason',
      'source',
      'reorg_status',
      'reorg_note',
      'reorg_resolution',
    ],
  },
  earned_marks: { own: ['member_id'], keep: ['income_type'] },
  income_skips: { own: ['user_id'], keep: ['income_type', 'cause_key', 'reason', 'details'] },
  leadership: { own: ['user_id'], others: ['revoked_by'] },
  ledger_accounts: { own: ['owner_id'], keep: ['kind', 'asset'] },
  ledger_transactions: {
    own: ['member_id'],
    via: 'id IN (SELECT e.transaction_id FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.owner_id = $member)',
    others: ['created_by'],
    jsonPeople: { details: ['from', 'to', 'source_member', 'member_id', 'payer', 'receiver'] },
    keep: ['idempotency_key', 'kind', 'income_type', 'memo', 'details'],
    note: 'the ledger is append-only and kept whole (books, anti-money-laundering)',
  },
  ledger_entries: {
    via: 'account_id IN (SELECT id FROM ledger_accounts WHERE owner_id = $member)',
    note: "only the member's own entries, not the other side of a movement",
  },
  mail_outbox: {
    byEmail: { column: 'to_address', match: 'equals' },
    deleteRows: true,
    keep: ['delivered_via', 'status'],
  },
  rate_limits: {
    byEmail: { column: 'key', match: 'suffix' },
    deleteRows: true,
    export: 'counters of attempts, not data about the member',
  },
  member_deposit_addresses: {
    own: ['user_id'],
    keep: ['address', 'factory'],
    note: 'chain addresses that may still receive money: kept to credit and sweep it',
  },
  member_deposit_salts: { own: ['user_id'], keep: ['salt'], secret: ['salt'] },
  member_event_mail_off: { own: ['user_id'], keep: ['kind'] },
  member_events: { own: ['user_id'], deleteRows: true },
  identity_submissions: {
    own: ['member_id'],
    others: ['reviewer_id', 'second_reviewer_id'],
    erase: {
      legal_name: 'redact',
      // Not a text column (the classification check reads text ones): erased with the name (migration 0088).
      date_of_birth: 'null',
      address_line1: 'redact',
      address_line2: 'null',
      city: 'redact',
      postal_code: 'null',
    },
    keep: ['state', 'country', 'provider', 'provider_ref', 'reason'],
    note: 'the decisions are kept (level, dates, country: the customer record); the names, birth date and address are erased',
  },
  identity_documents: {
    via: 'submission_id IN (SELECT id FROM identity_submissions WHERE member_id = $member)',
    erase: { ciphertext: 'null' },
    revoke: 'deleted_at',
    keep: ['kind', 'mime', 'key_id'],
    export: 'the files are the member’s own uploads; their decisions are in identity_submissions',
  },
  income_holds: {
    own: ['member_id'],
    others: ['decided_by'],
    keep: ['wallet', 'asset', 'income_type', 'held_for', 'state', 'decision_reason'],
  },
  sanctions_hits: {
    own: ['member_id'],
    others: ['decided_by'],
    keep: ['kind', 'address', 'list_source', 'status', 'decision_reason'],
    export: 'compliance records: telling the member would be tipping-off (anti-money-laundering law)',
  },
  member_flags: {
    own: ['member_id'],
    others: ['created_by', 'cleared_by'],
    keep: ['source', 'reason', 'details', 'clear_reason'],
    export: 'compliance records: telling the member would be tipping-off (anti-money-laundering law)',
  },
  member_plans: { own: ['user_id'], keep: ['status', 'end_reason'] },
  member_rewards: { own: ['user_id'], keep: ['status'] },
  member_search: {
    own: ['user_id'],
    erase: { text: 'derived', username: 'derived' },
    export: 'a search index of the profile',
  },
  member_wallets: {
    own: ['user_id'],
    keep: ['address'],
    note: 'linked chain wallets: screened against sanctions lists, kept (anti-money-laundering)',
  },
  notification_recipients: { own: ['user_id'] },
  notification_seen: { own: ['user_id'] },
  notifications: {
    via: 'id IN (SELECT notification_id FROM notification_recipients WHERE user_id = $member)',
    others: ['created_by'],
    keep: ['title', 'message', 'type'],
    note: 'notices written by staff to several members: not erased, the member is no longer a recipient by name',
  },
  otps: { own: ['user_id'], deleteRows: true, secret: ['code_hash'] },
  password_resets: { own: ['user_id'], deleteRows: true, secret: ['token_hash'] },
  payout_address_changes: {
    own: ['user_id'],
    others: ['requested_by', 'cancelled_by'],
    erase: { old_address: 'null', new_address: 'null' },
    keep: ['currency'],
  },
  payouts: {
    via: 'withdrawal_id IN (SELECT id FROM withdrawals WHERE user_id = $member)',
    others: ['approved_by'],
    keep: ['network', 'address', 'status', 'tx_hash', 'failure', 'reorg_note'],
  },
  privacy_exports: {
    own: ['user_id'],
    deleteRows: true,
    keep: ['status', 'files'],
    export: 'the copy itself',
  },
  proof_leaves: {
    own: ['member_id'],
    note: 'the salt lets the member check their leaf in a published proof',
  },
  reward_notices: { own: ['user_id'], others: ['sent_by'], erase: redacted('message') },
  roi_claims: { own: ['user_id'] },
  salary_payments: { own: ['user_id'], keep: ['month'] },
  sessions: {
    own: ['user_id'],
    revoke: 'revoked_at',
    erase: { ip: 'null', user_agent: 'null' },
    keep: ['role', 'second_factor'],
    secret: ['token_hash'],
  },
  staff_invitations: {
    own: ['user_id'],
    others: ['invited_by'],
    erase: { email: 'pseudonym-email', fullname: 'pseudonym' },
    keep: ['roles'],
    secret: ['token_hash'],
  },
  support_messages: {
    own: ['user_id'],
    others: ['replied_by'],
    erase: { ...redacted('subject', 'message'), reply: 'null' },
    keep: ['status'],
  },
  tickets: { own: ['user_id'], erase: { subject: 'redact' }, keep: ['ticket_id', 'category', 'status'] },
  ticket_responses: {
    own: ['author_id'],
    via: 'ticket_id IN (SELECT id FROM tickets WHERE user_id = $member)',
    erase: redacted('message'),
    keep: ['author_role'],
    note: "staff answers in the member's tickets are erased with them (they quote the member)",
  },
  token_positions: { own: ['user_id'] },
  token_price_history: { own: ['user_id'], keep: ['change_reason'] },
  token_transactions: {
    own: ['user_id'],
    keep: ['transaction_type', 'status', 'transaction_hash', 'request_key'],
  },
  topups: {
    own: ['userby_id', 'userto_id'],
    others: ['created_by'],
    keep: ['kind', 'status', 'request_key'],
  },
  transfers: { own: ['user_id', 'userto_id'], keep: ['kind', 'request_key'] },
  two_factor_recovery_codes: { own: ['user_id'], deleteRows: true, secret: ['code_hash'] },
  two_factors: { own: ['user_id'], deleteRows: true, secret: ['secret'] },
  wallet_challenges: { own: ['user_id'], deleteRows: true, secret: ['nonce'] },
  watch_sessions: { own: ['user_id'] },
  withdrawals: {
    own: ['user_id'],
    others: ['decided_by'],
    erase: { note: 'null' },
    keep: ['kind', 'currency', 'address', 'status', 'request_key', 'payout_reference'],
    note: 'the paid address is kept: a record of a money movement (anti-money-laundering)',
  },

  webhook_events: {
    via: "data->>'member_id' = '$member'",
    erase: { data: 'erased-json' },
    keep: ['type'],
    export: "events sent to the operator's own systems",
    note: 'an event names its member in data.member_id (member.registered carries the name and e-mail)',
  },

  // Tables whose member columns only name staff (or whoever acted): nothing of a member's own.
  achievers: actors('created_by'),
  sanctioned_addresses: actors('added_by'),
  sanctions_lists: actors('loaded_by'),
  admin_solo_actions: actors('admin_id'),
  banners: actors('created_by'),
  bonuses: actors('created_by'),
  cto_payouts: actors('paid_by'),
  deposit_addresses: actors('created_by'),
  deposit_sweeps: actors('created_by'),
  news: actors('created_by'),
  payout_batches: actors('created_by'),
  proof_reserve_addresses: actors('created_by', 'removed_by'),
  rule_versions: actors('changed_by'),
  settings: actors('updated_by'),
  simulations: actors('requested_by'),
  videos: actors('created_by'),
  webhook_endpoints: actors('created_by'),
};

/** The tables a member's export holds, in file order. */
export const exportedTables = (): string[] =>
  Object.entries(MEMBER_DATA)
    .filter(([, r]) => r.export === undefined && (r.own !== undefined || r.via !== undefined || r.byEmail))
    .map(([t]) => t);

/** Every column of a rule that names a person (own or others). */
export const personColumns = (r: TableRule): string[] => [...(r.own ?? []), ...(r.others ?? [])];
