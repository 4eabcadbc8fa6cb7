import { z } from 'zod';
import { isEvmAddress, isTronAddress, toChecksumAddress } from './addresses';
import { Email, FullName, Password, Phone } from './auth';
import { AmountOut, NonNegativeAmountIn, Timestamp } from './common';

export const Role = z.enum(['user', 'admin']);
export const UserStatus = z.enum(['unblock', 'block']);
export const ActiveFlag = z.enum(['active', 'inactive']);
export const OpenClose = z.enum(['open', 'close']);

/** EVM_ADDRESS_MESSAGE / TRON_ADDRESS_MESSAGE: the words name the network, not BEP20 alone (decision 0041). */
export const EVM_ADDRESS_MESSAGE = 'Enter a valid EVM address (0x and 40 hex digits with a valid checksum).';
export const TRON_ADDRESS_MESSAGE = 'Enter a valid TRON address (34 characters starting with T).';
export const Bep20Address = z
  .string()
  .trim()
  .refine(isEvmAddress, EVM_ADDRESS_MESSAGE)
  .transform(toChecksumAddress);
export const Trc20Address = z.string().trim().refine(isTronAddress, TRON_ADDRESS_MESSAGE);

/** A member as staff and the member themself see it. Never carries a password or its hash. */
export const UserRecord = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: Role,
  status: UserStatus,
  is_active: ActiveFlag,
  roi_status: OpenClose,
  level_status: OpenClose,
  address: z.string().nullable(),
  fullname: z.string(),
  phone: z.string().nullable(),
  reffer_by: z.string().nullable(),
  refferal_code: z.string(),
  last_login: Timestamp,
  created_at: z.string(),
  updated_at: z.string(),
  verify_at: Timestamp,
  activation_date: Timestamp,
  paid_member: z.boolean(),
  total_team: z.number().int(),
  bep20: z.string().nullable(),
  trc20: z.string().nullable(),
  active_plan: AmountOut,
  plan_id: z.number().int().nullable(),
  /** Daily ROI of the active plan: active_plan x plan ROI_day %. */
  roi_day: AmountOut,
  /** Deposit (fund) wallet: lifetime credited in, and current balance. */
  business: AmountOut,
  business_balance: AmountOut,
  level_month: AmountOut,
  roi_income: AmountOut,
  reward: AmountOut,
  direct_income: AmountOut,
  salary: AmountOut,
  working: AmountOut,
  non_working: AmountOut,
  /**
   * Why the member is blocked, as the admin gave it (decision 0035): shown to the member on every page
   * of their area; null when not blocked (or blocked before reasons were kept).
   */
  block_reason: z.string().nullable(),
});
export type UserRecord = z.infer<typeof UserRecord>;

export const UsersListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(100).optional(),
});
export const UsersListResponse = z.object({
  allusers: z.array(UserRecord),
  total: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type UsersListResponse = z.infer<typeof UsersListResponse>;

export const SingleUserResponse = z.object({ singleuser: UserRecord });
export const EmailUserQuery = z.object({ email: Email });
export const EmailUserResponse = z.object({ emailuser: UserRecord });
export const NonUsersResponse = z.object({ allnonusers: z.array(UserRecord) });

export const RewardNotice = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  message: z.string(),
  sent_by: z.number().int(),
  created_at: z.string(),
  /** The member's name (decision 0021: admin tables name members); last, so CSV columns keep their places. */
  fullname: z.string(),
});
export type RewardNotice = z.infer<typeof RewardNotice>;
export const RewardsResponse = z.object({ allrewards: z.array(RewardNotice) });
export const UserRewardNotificationResponse = z.object({ userrewardnotification: z.array(RewardNotice) });
export const SendRewardBody = z.object({
  user_ids: z.array(z.number().int().positive()).min(1, 'Choose at least one member.').max(500),
  message: z.string().trim().min(1, 'Message is required').max(1000),
});
export type SendRewardBody = z.infer<typeof SendRewardBody>;

const optionalText = (max: number) => z.string().trim().max(max);

/** The refusal of a block without a reason (decision 0035), from the schema and from the server's rule. */
export const BLOCK_REASON_REQUIRED = 'Give the reason for blocking: the member sees it.';

/**
 * Edit of a member (spec 2.3). Admins may send every field; a member editing themself may send only
 * fullname, phone, address, bep20 and trc20, the last two only unchanged: a member changes a payout address
 * through PUT /users/payout-address (decision 0025). `role` is accepted for compatibility and ignored;
 * `updated_at` is accepted and ignored (the server stamps its own time).
 */
export const UpdateUserBody = z
  .object({
    username: z
      .string()
      .trim()
      .min(3)
      .max(40)
      .regex(/^[A-Za-z0-9_]+$/, 'Use letters, digits and _ only.'),
    email: Email,
    password: z.union([z.literal(''), Password]),
    role: z.unknown(),
    status: UserStatus,
    is_active: ActiveFlag,
    roi_status: OpenClose,
    level_status: OpenClose,
    address: optionalText(300),
    business_balance: NonNegativeAmountIn,
    fullname: FullName,
    phone: z.union([z.literal(''), Phone]),
    reffer_by: optionalText(32),
    bep20: z.union([z.literal(''), Bep20Address]),
    trc20: z.union([z.literal(''), Trc20Address]),
    updated_at: z.unknown(),
    reason: optionalText(500),
    /** Required when blocking (decision 0035); the member sees it. Sent only with the member blocked. */
    block_reason: z.string().trim().min(1, BLOCK_REASON_REQUIRED).max(500),
  })
  .partial();
export type UpdateUserBody = z.input<typeof UpdateUserBody>;

export const memberEditableFields = ['fullname', 'phone', 'address', 'bep20', 'trc20'] as const;
