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
