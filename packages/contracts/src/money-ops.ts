import { z } from 'zod';
import { AmountIn, AmountOut, amountText, IdIn } from './common';
import { PayoutMethod, WithdrawalPayout } from './payouts';
import { SecondFactorCode } from './two-factor';

/** Positive amount in a request. */
export const PositiveAmountIn = AmountIn.refine((v) => v > 0n, { message: 'Enter an amount above 0.' });
export const MemberId = IdIn;
export const Currency = z.enum(['BEP20', 'TRC20']);
export type Currency = z.infer<typeof Currency>;
export const RequestStatus = z.enum(['pending', 'complete', 'decline']);
export type RequestStatus = z.infer<typeof RequestStatus>;

/** Query of every server-paged list: page, size, free-text search, status, date range, CSV export. */
export const ListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(100).optional(),
  status: z.string().trim().max(20).optional(),
  from: z.string().date().optional(),
  to: z.string().date().optional(),
  format: z.enum(['json', 'csv']).default('json'),
});
export type ListQuery = z.infer<typeof ListQuery>;
export const paged = <K extends string, T extends z.ZodTypeAny>(key: K, item: T) =>
  z.object({
    [key]: z.array(item),
    total: z.number().int(),
    totalPages: z.number().int(),
    currentPage: z.number().int(),
  } as {
    [P in K]: z.ZodArray<T>;
  } & { total: z.ZodNumber; totalPages: z.ZodNumber; currentPage: z.ZodNumber });

// ---- plans -------------------------------------------------------------------------------------

export const PlanBody = z.object({
  name: z.string().trim().min(2, 'Name is required').max(60),
  monthly_price: PositiveAmountIn,
  ROI_day: AmountIn.refine(
    (v) => v >= 0n && v <= 10n * 100_000_000n,
    'Daily ROI must be between 0 and 10 %.',
  ),
  Sponser_bonus: AmountIn.refine(
    (v) => v >= 0n && v <= 50n * 100_000_000n,
    'Sponsor bonus must be between 0 and 50 %.',
  ),
  plan_period: z.coerce.number().int().min(1).max(3650),
  description: z.string().trim().max(500).default(''),
  type: z.string().trim().min(1).max(40).default('investment'),
  active: z.boolean().default(true),
});
/**
 * A plan's edit. Its economic fields (price, daily ROI, sponsor bonus, period) wait for a second admin (decision 0070)
 * with the reason given here; its name, description, type and sale switch apply at once.
 */
export const PlanUpdateBody = PlanBody.partial().extend({ reason: z.string().trim().max(500).optional() });
/** The fields of a plan that are economic rules: changing them waits for a second admin (decision 0070). */
export const planEconomicFields = ['monthly_price', 'ROI_day', 'Sponser_bonus', 'plan_period'] as const;
export const LevelPercentsBody = z.object({
  levels: z
    .array(z.string().regex(/^\d+(\.\d{1,8})?$/, 'Enter a percentage.'))
    .length(10, 'Give all 10 levels.'),
  reason: z.string().trim().min(3, 'Say why.').max(500),
});
export const LevelUnlockBody = z.object({
  directs: z.array(z.number().int().min(0).max(1000)).length(10, 'Give all 10 levels.'),
  reason: z.string().trim().min(3, 'Say why.').max(500),
});

export const MemberPlanRecord = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  plan_id: z.number().int(),
  plan_name: z.string(),
  amount: AmountOut,
  status: z.enum(['active', 'ended']),
  started_at: z.string(),
  ends_at: z.string(),
  ended_at: z.string().nullable(),
  end_reason: z.string().nullable(),
  fullname: z.string().nullable(),
});
export const MemberPlansResponse = paged('activeplans', MemberPlanRecord);
export const ActivatePlanBody = z.object({
  user_id: MemberId,
  plan_id: MemberId,
  amount: PositiveAmountIn.optional(),
});
export const EndPlanBody = z.object({
  status: z.literal('ended'),
  reason: z.string().trim().min(3).max(500),
});

// ---- top-ups -------------------------------------------------------------------------------------

export const TopupBody = z.object({
  id: MemberId.describe('plan id'),
  userby_id: MemberId,
  userto_id: MemberId,
  amount: PositiveAmountIn.optional(),
});
export const RetopupBody = z.object({ userby_id: MemberId, userto_id: MemberId, amount: PositiveAmountIn });
export const EntryBody = z.object({ id: MemberId.describe('member to activate'), userby_id: MemberId });
export const TopupRecord = z.object({
  id: z.number().int(),
  kind: z.enum(['topup', 'retopup', 'entry', 'friend']),
  plan_id: z.number().int().nullable(),
  plan_name: z.string().nullable(),
  userby_id: z.number().int(),
  userby: z.string(),
  userto_id: z.number().int(),
  userto: z.string(),
  amount: AmountOut,
  status: z.literal('complete'),
  created_at: z.string(),
  /** Names of who paid and for whom (decision 0021: admin tables name members); last, so CSV columns keep their places. */
  userby_fullname: z.string(),
  userto_fullname: z.string(),
});
export type TopupRecord = z.infer<typeof TopupRecord>;
export const TopupsResponse = paged('topups', TopupRecord);
export const TopupResponse = z.object({ message: z.string(), topup: TopupRecord });

// ---- withdrawals ---------------------------------------------------------------------------------

export const WithdrawalKind = z.enum(['working', 'roi', 'principal', 'compound']);
export type WithdrawalKind = z.infer<typeof WithdrawalKind>;
/** `code`: the member's authenticator code, required when they have two-factor sign-in on (decision 0023). */
export const WithdrawalBody = z.object({
  user_id: MemberId,
  amount: PositiveAmountIn,
  currency: Currency.optional(),
  code: SecondFactorCode.optional(),
});
export const PrincipalWithdrawalBody = z.object({
  user_id: MemberId,
  currency: Currency.optional(),
  code: SecondFactorCode.optional(),
});
export const WithdrawalRecord = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  fullname: z.string(),
  kind: WithdrawalKind,
  amount: AmountOut,
  fee: AmountOut,
  net: AmountOut,
  currency: Currency,
  address: z.string(),
  status: RequestStatus,
  note: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  /** The approval its completion waits for, and who asked for it (decision 0024; admins only, null for members). */
  approval_id: z.number().int().nullable(),
  approval_requested_by: z.string().nullable(),
  /** Whether any risk signal of the request is flagged (decision 0026; admins only, false for members). */
  flagged: z.boolean(),
  /** Its payment on chain (decision 0034), null when it is not approved for an on-chain payout. */
  payout: WithdrawalPayout.nullable(),
  /**
   * How it is (or was) paid, as the server decides it (decision 0054): `chain` (approving it queues it under "Pay on
   * chain"), `hand` (the operator sends it, then marks it paid); null when declined. Admins only, null for members.
   */
  payout_method: PayoutMethod.nullable(),
});
export type WithdrawalRecord = z.infer<typeof WithdrawalRecord>;
export const WithdrawalsResponse = paged('withdrawals', WithdrawalRecord);
/** A row of the withdrawals CSV export: the record, its payout (decision 0034) and how it is paid (decision 0054) appended at the end. */
export const WithdrawalCsvRow = WithdrawalRecord.omit({ payout: true, payout_method: true }).extend({
  payout_status: WithdrawalPayout.shape.status.nullable(),
  payout_chain_id: z.number().int().nullable(),
  payout_tx_hash: z.string().nullable(),
  payout_method: PayoutMethod.nullable(),
});
export type WithdrawalCsvRow = z.infer<typeof WithdrawalCsvRow>;
export const WithdrawalResponse = z.object({ message: z.string(), withdrawal: WithdrawalRecord });
export const WithdrawalQuoteQuery = z.object({ kind: WithdrawalKind, amount: amountText().optional() });
export const WithdrawalQuote = z.object({
  kind: WithdrawalKind,
  amount: AmountOut,
  fee: AmountOut,
  net: AmountOut,
  fee_percent: AmountOut,
  minimum: AmountOut,
  available: AmountOut,
});
export const CompoundBody = z.object({ user_id: MemberId, amount: PositiveAmountIn });
export const DebitBody = z.object({
  user_id: MemberId,
  amount: PositiveAmountIn,
  wallet: z.enum(['deposit', 'working', 'non_working', 'compound']),
  reason: z.string().trim().min(3, 'Say why.').max(500),
});

// ---- transfers and codes -------------------------------------------------------------------------

/** `code`: the member's authenticator code, required when they have two-factor sign-in on (decision 0023). */
export const TransferBody = z.object({
  user_id: MemberId,
  userto_id: MemberId,
  amount: PositiveAmountIn,
  code: SecondFactorCode.optional(),
});
export const FriendTopupBody = z.object({
  user_id: MemberId,
  userto_id: MemberId,
  plan_id: MemberId,
  amount: PositiveAmountIn.optional(),
  code: SecondFactorCode.optional(),
});
export const TransferRecord = z.object({
  id: z.number().int(),
  kind: z.enum(['touser', 'friend']),
  user_id: z.number().int(),
  username: z.string(),
  userto_id: z.number().int(),
  userto: z.string(),
  amount: AmountOut,
  created_at: z.string(),
  /** Sender's and receiver's names (decision 0021: tables name members); last, so CSV columns keep their places. */
  fullname: z.string(),
  userto_fullname: z.string(),
});
export const TransfersResponse = paged('transfers', TransferRecord);
export const TransferResponse = z.object({ message: z.string(), transfer: TransferRecord });

/**
 * GET /members/lookup (decision 0036): the member a transfer or friend top-up goes to, found by an exact username,
 * referral code or e-mail (any letter case). `for`: which form asks, so looking up oneself says the right thing.
 */
export const RecipientLookupQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1, "Enter the member's username, referral code or e-mail.")
    .max(254, 'No member has a username, referral code or e-mail that long.'),
  for: z.enum(['transfer', 'friend']).default('transfer'),
});
export type RecipientLookupQuery = z.infer<typeof RecipientLookupQuery>;
/** Who the money goes to: the id the transfer sends, the name and username shown before the confirm. */
export const Recipient = z.object({ id: z.number().int(), name: z.string(), username: z.string() });
export type Recipient = z.infer<typeof Recipient>;

export const CreateCodesBody = z.object({
  count: z.coerce.number().int().min(1).max(500),
  amount: PositiveAmountIn,
});
export const CodeRecord = z.object({
  id: z.number().int(),
  code: z.string(),
  amount: AmountOut,
  created_at: z.string(),
  redeemed_by: z.number().int().nullable(),
  redeemed_at: z.string().nullable(),
  /** Who redeemed it, by username and name (null while unused); last, so CSV columns keep their places. */
  redeemed_by_username: z.string().nullable(),
  redeemed_by_fullname: z.string().nullable(),
});
export const CodesResponse = paged('codes', CodeRecord);
export const RedeemCodeBody = z.object({ code: z.string().trim().min(4).max(40) });

// ---- wallets and transactions --------------------------------------------------------------------

export const WalletsResponse = z.object({
  wallets: z.object({
    deposit: AmountOut,
    working: AmountOut,
    non_working: AmountOut,
    compound: AmountOut,
    pending_withdrawals: AmountOut,
    /** A deposit credit held after a chain reorganisation removed its transfer (decision 0028): not spendable. */
    held: AmountOut,
  }),
  active_plan: AmountOut,
  ledger_total: AmountOut,
});

/** table_name values of /tr/list and /tr/tr/{userId}, and the income type each reads. */
export const transactionTables = {
  roi_transaction: 'roi_income',
  direct_transaction: 'direct_income',
  invest_level_transaction: 'level_month',
  reward_transaction: 'reward',
  salary_transaction: 'salary',
  cto_transaction: 'cto',
  reward_level_transaction: 'reward_level',
} as const;
export type TransactionTable = keyof typeof transactionTables;
export const TableNameBody = z.object({
  table_name: z.enum(Object.keys(transactionTables) as [TransactionTable, ...TransactionTable[]], {
    message: 'Unknown table_name.',
  }),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const TransactionRecord = z.object({
  transaction_id: z.number().int(),
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  transaction_type: z.enum(['credit', 'debit']),
  source: z.string(),
  amount: AmountOut,
  wallet: z.string().nullable(),
  status: z.enum(['completed', 'reversed']),
  memo: z.string().nullable(),
  details: z.unknown(),
  created_at: z.string(),
  /** The wallet owner's name (decision 0021: admin tables name members); last, so CSV columns keep their places. */
  fullname: z.string().nullable(),
});
export type TransactionRecord = z.infer<typeof TransactionRecord>;
export const TransactionListResponse = z.object({
  transactions: z.array(TransactionRecord),
  total: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
});
export const TransactionFilterQuery = ListQuery.extend({
  transaction_type: z.enum(['credit', 'debit']).optional(),
  source: z.string().trim().max(40).optional(),
});
export const MatrixQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/, 'Use YYYY-MM.')
    .optional(),
});
export const MatrixResponse = z.object({
  matrix: z.array(
    z.object({ month: z.string(), source: z.string(), total: AmountOut, count: z.number().int() }),
  ),
});
export const ManualTransactionBody = z.object({
  user_id: MemberId,
  amount: PositiveAmountIn,
  direction: z.enum(['credit', 'debit']),
  wallet: z.enum(['deposit', 'working', 'non_working', 'compound']),
  reason: z.string().trim().min(3, 'Say why.').max(500),
});
export const PatchTransactionBody = z.object({
  status: z.literal('reversed'),
  reason: z.string().trim().min(3, 'Say why.').max(500),
});
export const UserTransactionDetails = z.object({
  user_id: z.number().int(),
  by_source: z.array(
    z.object({ source: z.string(), credits: AmountOut, debits: AmountOut, count: z.number().int() }),
  ),
  wallets: WalletsResponse.shape.wallets,
});

/** POST /tr/create and PATCH /transactions/{id}: the ledger transaction made. */
export const TransactionCreatedResponse = z.object({ message: z.string(), transaction_id: z.number().int() });
