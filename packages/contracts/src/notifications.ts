import { z } from 'zod';
import { IdIn } from './common';

export const NotificationType = z.enum(['notification', 'site_popup'], {
  error: (issue) => (issue.input === undefined ? 'Type is required' : 'Invalid type'),
});
export const CreateNotificationBody = z
  .object({
    title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200),
    message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(5000),
    users: z.boolean().default(true),
    type: NotificationType,
    recipients: z.array(IdIn).max(10_000).default([]),
  })
  .refine((b) => b.users || b.recipients.length > 0, {
    message: 'Choose at least one member.',
    path: ['recipients'],
  });
export const NotificationRecord = z.object({
  id: z.number().int(),
  notification_id: z.number().int(),
  title: z.string(),
  message: z.string(),
  users: z.boolean(),
  type: z.enum(['notification', 'site_popup']),
  recipients: z.array(z.number().int()),
  created_at: z.string(),
});
/** POST /notifications: the notification sent. */
export const NotificationCreatedResponse = z.object({
  message: z.string(),
  notification: NotificationRecord,
});
export const MemberNotification = NotificationRecord.omit({ recipients: true }).extend({
  seen: z.boolean(),
  seen_at: z.string().nullable(),
});
export const NotificationsResponse = z.object({ notifications: z.array(NotificationRecord) });
export const MemberNotificationsResponse = z.object({
  notifications: z.array(MemberNotification),
  unread: z.number().int(),
});
export const HomeNotificationsResponse = z.object({ homenotifications: z.array(MemberNotification) });
export const SeenBody = z.object({ userId: IdIn });

// ---- member events (decision 0019): what happened to the member's own money or requests

export const MemberEventKind = z.enum([
  'deposit_credited',
  'deposit_refused',
  'withdrawal_approved',
  'withdrawal_paid',
  'withdrawal_declined',
  'plan_activated',
  'plan_ended',
  'income_missed',
  'ticket_answered',
  'ticket_closed',
  'reward_claimable',
  'payout_address_changed',
  'deposit_held',
  'withdrawal_held',
  'income_released',
  'income_reversed',
  'identity_approved',
  'identity_rejected',
]);
export type MemberEventKind = z.infer<typeof MemberEventKind>;

/** How each kind is named where a member chooses what to receive by e-mail. */
export const memberEventKindLabels: Record<MemberEventKind, string> = {
  deposit_credited: 'Deposit credited',
  deposit_refused: 'Deposit refused',
  withdrawal_approved: 'Withdrawal approved for payment on chain',
  withdrawal_paid: 'Withdrawal paid',
  withdrawal_declined: 'Withdrawal declined',
  plan_activated: 'Plan activated',
  plan_ended: 'Plan ended',
  income_missed: 'Income not paid',
  ticket_answered: 'Support ticket answered',
  ticket_closed: 'Support ticket closed',
  reward_claimable: 'Reward ready to claim',
  payout_address_changed: 'Payout address changed',
  deposit_held: 'Deposit held after a chain reorganisation',
  withdrawal_held: 'Withdrawal payment taken back by a chain reorganisation',
  income_released: 'Held income released',
  income_reversed: 'Held income reversed',
  identity_approved: 'Identity verification approved',
  identity_rejected: 'Identity verification rejected',
};

/** Kinds e-mailed whatever the member chose: security notices a stolen session must not silence (decision 0025). */
export const alwaysMailedEventKinds: readonly MemberEventKind[] = ['payout_address_changed'];

export const MemberEvent = z.object({
  id: z.number().int(),
  kind: MemberEventKind,
  title: z.string(),
  message: z.string(),
  /** A path inside the web app where the member sees the subject (e.g. /user/withdrawal). */
  link: z.string().nullable(),
  created_at: z.string(),
  seen_at: z.string().nullable(),
});
export const MemberEventsQuery = z.object({
  /** Events older than this id (the last one of the page before); none: the newest. */
  before: IdIn.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const MemberEventsResponse = z.object({
  events: z.array(MemberEvent),
  /** Unread events of the member (all of them, not only this page). */
  unread: z.number().int(),
});
/** The navigation's badge: unread events plus unread notices from the team. */
export const UnreadCountResponse = z.object({
  unread: z.number().int(),
  events: z.number().int(),
  notices: z.number().int(),
});
export const MarkAllSeenResponse = z.object({ message: z.string(), marked: z.number().int() });
export const EventMailSetting = z.object({ kind: MemberEventKind, label: z.string(), email: z.boolean() });
export const EventMailSettingsResponse = z.object({
  /** Whether this server sends e-mail at all (SMTP configured). */
  mail: z.boolean(),
  settings: z.array(EventMailSetting),
});
export const EventMailSettingBody = z.object({
  kind: MemberEventKind,
  email: z.boolean({ error: 'Say whether to send e-mail.' }),
});
/** The admin navigation's counts of the queues waiting for an admin. */
export const QueueCountsResponse = z.object({
  deposits: z.number().int(),
  withdrawals: z.number().int(),
  tickets: z.number().int(),
  /** Admin actions waiting for a second admin (decision 0024). */
  approvals: z.number().int(),
  /** Open staff alerts (e.g. the solvency runway below its threshold), shown as a banner until they recover. */
  alerts: z.array(
    z.object({ kind: z.string(), message: z.string(), opened_at: z.string(), link: z.string().nullable() }),
  ),
});
