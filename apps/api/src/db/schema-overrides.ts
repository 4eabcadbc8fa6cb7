// What the generated schema.ts says that the database cannot (decision 0058). schema-types.ts checks every
// entry against the migrated database: a named column must exist with the stated type, a named union must
// be the same CHECK constraint's literals on each of its columns. A text column's literals come from its
// CHECK constraint, never from here.

export type ColumnOverride = {
  /** The column's PostgreSQL type (pg_type.typname), verified. */
  dbType: string;
  array?: boolean;
  /** The TypeScript type read (without null; a nullable column adds it). */
  select?: string;
  /** The TypeScript type written, when it differs from `select`. */
  write?: string;
  /** The TypeScript type an update may write (without null), or never: written once on insert. */
  update?: string;
};

export const schemaOverrides: {
  named: Record<string, string[]>;
  columns: Record<string, ColumnOverride>;
  checkUnions: string[];
  rowOf: Record<string, string>;
} = {
  /** Unions the code names, each the literals of its columns' CHECK constraints. */
  named: {
    UserRole: ['users.role', 'sessions.role', 'ticket_responses.author_role'],
    AccountKind: ['ledger_accounts.kind'],
    Asset: ['ledger_accounts.asset'],
    TopupKind: ['topups.kind'],
    RequestStatus: ['deposits.status', 'withdrawals.status'],
    Currency: [
      'deposits.currency',
      'withdrawals.currency',
      'deposit_addresses.currency',
      'payout_address_changes.currency',
    ],
    ReorgStatus: ['deposits.reorg_status'],
    ChainStatus: ['deposits.chain_status'],
    SweepStatus: ['deposit_sweeps.status'],
    PayoutStatus: ['payouts.status'],
    PayoutBatchStatus: ['payout_batches.status'],
    WithdrawalKind: ['withdrawals.kind'],
    TicketStatus: ['tickets.status'],
    MemberEventKind: ['member_events.kind', 'member_event_mail_off.kind'],
    ApprovalKindColumn: ['approvals.kind'],
    ApprovalStatusColumn: ['approvals.status'],
  },
  /** Columns that are not text whose CHECK constraint's literals are still their type. */
  checkUnions: ['payout_batches.contract_version'],
  /** JSON shapes, values written once (a business date, a record's details), a one-way status. */
  columns: {
    'approvals.changes': {
      dbType: 'jsonb',
      select: '{ field: string; before: string; after: string }[]',
      write: 'string',
      update: 'never',
    },
    'approvals.payload': {
      dbType: 'jsonb',
      select: 'Record<string, unknown>',
      write: 'string',
      update: 'never',
    },
    'audit_log.before': { dbType: 'jsonb', update: 'never' },
    'audit_log.after': { dbType: 'jsonb', update: 'never' },
    'income_skips.details': { dbType: 'jsonb', update: 'never' },
    'counter_checks.mismatches': { dbType: 'jsonb', update: 'never' },
    'watch_sessions.business_date': { dbType: 'date', update: 'never' },
    'roi_claims.business_date': { dbType: 'date', update: 'never' },
    'bonus_claims.business_date': { dbType: 'date', update: 'never' },
    'proof_trees.day': { dbType: 'date', update: 'never' },
    'proof_reserve_addresses.signed_on': { dbType: 'date', update: 'never' },
    /** A CTO month is 'paying' until every share is credited, then only ever 'paid' (migration 0063). */
    'cto_payouts.status': { dbType: 'text', update: "'paid'" },
  },
  /** Relations read through another's row type (their columns are verified to be the same). */
  rowOf: {
    ledger_account_sums_live: 'ledger_account_sums',
    ledger_account_figures: 'ledger_account_sums',
  },
};
