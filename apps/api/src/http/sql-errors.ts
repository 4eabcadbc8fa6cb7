import type { ErrorCode } from '@sgx/contracts';
import { AppError } from './errors';

/** The answer to a member whose account is blocked (decision 0016). */
export const BLOCKED_MESSAGE = 'Your account is blocked. Please contact support.';

type Entry = {
  /** The file under apps/api/src/db/ whose SQL raises it (a unit test checks it against the SQL). */
  raisedBy: string;
  /** The API error it becomes; null: a fault of ours, left to the error handler (500). */
  error: ErrorCode | null;
  /** The member-facing text; null where it depends on the request, so the caller must say it. */
  message: string | null;
  details?: Record<string, string[]>;
};

/**
 * Every SQLSTATE our SQL raises (class SX, decision 0061), the file that raises it, and the HTTP error it
 * becomes: the one registry. A caller adds only the texts that depend on its request (`say`).
 */
export const sqlErrors = {
  SX001: {
    raisedBy: 'functions/ledger_post_many.sql',
    error: 'BUSINESS_RULE',
    message: 'Insufficient balance.',
  },
  SX002: { raisedBy: 'functions/ledger_post_many.sql', error: null, message: null },
  SX101: { raisedBy: 'functions/token_trade.sql', error: 'FORBIDDEN', message: BLOCKED_MESSAGE },
  // DETAIL: the price the member saw and the current one (token units).
  SX102: { raisedBy: 'functions/token_trade.sql', error: 'CONFLICT', message: null },
  SX103: {
    raisedBy: 'functions/token_trade.sql',
    error: 'BUSINESS_RULE',
    message: 'Not enough tokens are available.',
  },
  SX104: {
    raisedBy: 'functions/token_trade.sql',
    error: 'BUSINESS_RULE',
    message: 'Insufficient token balance.',
  },
  SX105: { raisedBy: 'functions/token_trade.sql', error: 'NOT_FOUND', message: 'Token not found.' },
  SX106: {
    raisedBy: 'functions/token_trade.sql',
    error: 'BUSINESS_RULE',
    message: 'The amount is too small to trade.',
  },
  SX107: { raisedBy: 'functions/token_trade.sql', error: 'NOT_FOUND', message: 'Member not found.' },
  SX201: {
    raisedBy: 'functions/transfer_touser.sql',
    error: 'NOT_FOUND',
    message: 'The receiving member was not found.',
  },
  SX301: { raisedBy: 'functions/assert_may_move_money.sql', error: 'FORBIDDEN', message: BLOCKED_MESSAGE },
  SX302: {
    raisedBy: 'functions/request_key_claim.sql',
    error: 'CONFLICT',
    message: 'This Idempotency-Key was already used for a different request.',
    details: {
      'Idempotency-Key': ['Send a new key with a new request; repeat a key only to retry the same request.'],
    },
  },
  SX401: { raisedBy: 'functions/withdrawal_request.sql', error: 'NOT_FOUND', message: 'Member not found.' },
  // The feature-closed text is the withdrawal's own (contracts' featureClosedMessages).
  SX402: { raisedBy: 'functions/withdrawal_request.sql', error: 'FEATURE_DISABLED', message: null },
  // Which payout address is missing depends on the currency asked for.
  SX403: { raisedBy: 'functions/withdrawal_request.sql', error: 'BUSINESS_RULE', message: null },
  SX404: {
    raisedBy: 'functions/withdrawal_request.sql',
    error: 'BUSINESS_RULE',
    message: 'Enter an amount above 0.',
  },
  // The minimum of the request's quote.
  SX405: { raisedBy: 'functions/withdrawal_request.sql', error: 'BUSINESS_RULE', message: null },
  // DETAIL: the currency and the hold's end (ISO, UTC); the hold's own error (withdrawals' holdRefusal).
  SX406: { raisedBy: 'functions/withdrawal_request.sql', error: 'BUSINESS_RULE', message: null },
  SX501: { raisedBy: 'functions/roi_claim.sql', error: 'NOT_FOUND', message: 'Member not found.' },
  SX502: { raisedBy: 'functions/roi_claim.sql', error: 'FORBIDDEN', message: 'Access Denied' },
  SX503: { raisedBy: 'functions/roi_claim.sql', error: 'BUSINESS_RULE', message: 'Please buy a plan first' },
  SX504: {
    raisedBy: 'functions/roi_claim.sql',
    error: 'CONFLICT',
    message: "You have already claimed today's reward",
  },
  // The watch time is a setting of the caller's.
  SX505: { raisedBy: 'functions/roi_claim.sql', error: 'BUSINESS_RULE', message: null },
  // An identity level's limit (decision 0073). DETAIL: the action, window, limit, level, next level and what is
  // used; the member's error (which level lifts it): modules/identity-limits/limits.ts identityLimitRefusal.
  SX601: { raisedBy: 'functions/identity_limit_check.sql', error: 'BUSINESS_RULE', message: null },
} as const satisfies Record<string, Entry>;

export type SqlErrorCode = keyof typeof sqlErrors;

/** What a caller says for a code: its text (from the error's DETAIL), or its whole error. */
export type SqlErrorText = Partial<Record<SqlErrorCode, (detail: string) => string | AppError>>;

const isSqlErrorCode = (code: unknown): code is SqlErrorCode => typeof code === 'string' && code in sqlErrors;

/**
 * The API's error for a refusal raised in our SQL, or undefined (not ours, or a fault of ours: left as it is).
 * `say` gives the texts the registry leaves to the caller; a code whose text nobody gives is a fault (500).
 */
export function sqlRefusal(err: unknown, say: SqlErrorText = {}): AppError | undefined {
  const { code, detail } = (err ?? {}) as { code?: unknown; detail?: string };
  if (!isSqlErrorCode(code)) return undefined;
  const entry: Entry = sqlErrors[code];
  if (entry.error === null) return undefined;
  const said = say[code]?.(detail ?? '');
  if (said instanceof AppError) return said;
  const message = said ?? entry.message;
  if (message === null) return undefined;
  return new AppError(entry.error, message, entry.details);
}

/** Throws the API's error for a refusal raised in SQL (sqlRefusal); anything else passes unchanged. */
export function refusal(err: unknown, say: SqlErrorText = {}): never {
  throw sqlRefusal(err, say) ?? err;
}
