import {
  CreateNotificationBody,
  HomeNotificationsResponse,
  IdIn,
  IdParam,
  MemberNotificationsResponse,
  MessageResponse,
  NotificationCreatedResponse,
  NotificationsResponse,
  SeenBody,
} from '@sgx/contracts';
import { z } from 'zod';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { scopeOf } from '../../http/listing';

const UserIdParam = z.object({ userId: IdIn });

export function notificationsRoutes(app: App): void {
  const { notifications } = app.deps;
  const tags = ['notifications'];

  app.post(
    '/notifications',
    {
      config: { access: 'admin', permission: 'notify' },
      schema: {
        tags,
        body: CreateNotificationBody,
        response: { 201: NotificationCreatedResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: 'Notification created successfully!',
        notification: await notifications.create(principalOf(request), request.body),
      }),
  );
  app.get(
    '/notifications',
    {
      config: { access: 'admin', permission: 'notify' },
      schema: { tags, response: { 200: NotificationsResponse } },
    },
    async () => ({
      notifications: await notifications.all(),
    }),
  );
  app.get(
    '/notifications/home',
    { config: { access: 'member' }, schema: { tags, response: { 200: HomeNotificationsResponse } } },
    async (request) => ({
      // A site popup shows once to each member it targets: only the unseen ones come back.
      homenotifications: await notifications.forMember(principalOf(request).userId, 'site_popup', true),
    }),
  );
  app.get(
    '/notifications/user/:userId',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: UserIdParam, response: { 200: MemberNotificationsResponse } },
    },
    async (request) => {
      const userId =
        scopeOf(principalOf(request), request.params.userId, 'notify') ?? BigInt(request.params.userId);
      const [list, counts] = await Promise.all([
        notifications.forMember(userId),
        notifications.events.unreadCount(userId),
      ]);
      // `unread`: the notices part of the one unread count (events.service.ts), as the badge counts them.
      return { notifications: list, unread: counts.notices };
    },
  );
  app.put(
    '/notifications/:id/seen',
    {
      config: { access: 'member' },
      schema: { tags, params: IdParam, body: SeenBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      await notifications.markSeen(
        principalOf(request),
        BigInt(request.params.id),
        BigInt(request.body.userId),
      );
      return { message: 'Notification marked as seen' };
    },
  );
  app.delete(
    '/notifications/delete/:id',
    {
      config: { access: 'admin', permission: 'notify' },
      schema: { tags, params: IdParam, response: { 200: MessageResponse } },
    },
    async (request) => {
      await notifications.remove(principalOf(request), BigInt(request.params.id));
      return { message: 'Notification deleted successfully!' };
    },
  );
}
