import {
  EventMailSettingBody,
  EventMailSettingsResponse,
  IdParam,
  MarkAllSeenResponse,
  MemberEventsQuery,
  MemberEventsResponse,
  MessageResponse,
  QueueCountsResponse,
  UnreadCountResponse,
} from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';

/**
 * The member's own events beside the team's notices (spec routes unchanged in notifications.routes.ts),
 * the e-mail choice per kind, and the admin navigation's queue counts. The member is the session's.
 */
export function eventsRoutes(app: App): void {
  const { notifications, mailer } = app.deps;
  const events = notifications.events;
  const tags = ['notifications'];

  app.get(
    '/notifications/events',
    {
      config: { access: 'member' },
      schema: { tags, querystring: MemberEventsQuery, response: { 200: MemberEventsResponse } },
    },
    async (request) => events.list(principalOf(request).userId, request.query),
  );
  app.get(
    '/notifications/unread-count',
    { config: { access: 'member' }, schema: { tags, response: { 200: UnreadCountResponse } } },
    async (request) => events.unreadCount(principalOf(request).userId),
  );
  app.put(
    '/notifications/events/:id/seen',
    {
      config: { access: 'member' },
      schema: { tags, params: IdParam, response: { 200: MessageResponse } },
    },
    async (request) => {
      await events.markSeen(principalOf(request).userId, BigInt(request.params.id));
      return { message: 'Notification marked as seen' };
    },
  );
  app.put(
    '/notifications/events/seen',
    { config: { access: 'member' }, schema: { tags, response: { 200: MarkAllSeenResponse } } },
    async (request) => ({
      message: 'All notifications marked as seen',
      marked: await events.markAllSeen(principalOf(request).userId),
    }),
  );
  app.get(
    '/notifications/email-settings',
    { config: { access: 'member' }, schema: { tags, response: { 200: EventMailSettingsResponse } } },
    async (request) => ({
      mail: mailer.usesSmtp,
      settings: await events.mailSettings(principalOf(request).userId),
    }),
  );
  app.put(
    '/notifications/email-settings',
    {
      config: { access: 'member' },
      schema: { tags, body: EventMailSettingBody, response: { 200: EventMailSettingsResponse } },
    },
    async (request) => ({
      mail: mailer.usesSmtp,
      settings: await events.setMailSetting(
        principalOf(request).userId,
        request.body.kind,
        request.body.email,
      ),
    }),
  );
  app.get(
    '/admin/queue-counts',
    {
      config: { access: 'admin', permission: 'dashboard' },
      schema: { tags: ['admin'], response: { 200: QueueCountsResponse } },
    },
    async () => events.queueCounts(),
  );
}
