import {
  Banner,
  BannerResponse,
  EventMailSettingsResponse,
  HomeNotificationsResponse,
  MarkAllSeenResponse,
  type MemberEvent,
  MemberEventsResponse,
  type MemberNotification,
  MemberNotificationsResponse,
  MessageResponse,
  NotificationRecord,
  NotificationsResponse,
  QueueCountsResponse,
  UnreadCountResponse,
} from '@sgx/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../app/api';
import { postForm } from '../../content/api/upload';

export type SentNotification = z.infer<typeof NotificationRecord>;
export type MemberNotice = z.infer<typeof MemberNotification>;
export type NotificationType = SentNotification['type'];

export const notificationKeys = {
  all: ['notifications'] as const,
  admin: ['notifications', 'admin'] as const,
  member: (userId: number) => ['notifications', 'member', userId] as const,
  popups: (userId: number) => ['notifications', 'popups', userId] as const,
  banner: ['notifications', 'banner'] as const,
};

/** What POST /notifications takes (spec 7.2): users true means every member, else the recipients. */
export interface NewNotification {
  title: string;
  message: string;
  users: boolean;
  type: NotificationType;
  recipients: number[];
}

const Created = z.object({ message: z.string(), notification: NotificationRecord });
const BannerSaved = z.object({ message: z.string(), banner: Banner });

export const typeLabels: Record<NotificationType, string> = {
  notification: 'Notification',
  site_popup: 'Site popup',
};

// ---- admin

export function useAdminNotifications() {
  return useQuery({
    queryKey: notificationKeys.admin,
    queryFn: ({ signal }) => apiRequest('/notifications', { schema: NotificationsResponse, signal }),
    select: (d) => d.notifications,
  });
}

export function useCreateNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewNotification) =>
      apiRequest('/notifications', { method: 'POST', body, schema: Created }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/notifications/delete/${id}`, { method: 'DELETE', schema: MessageResponse }),
    onSuccess: (_res, id) => {
      // Deleting an item removes it from the local list (spec 4).
      queryClient.setQueryData<z.infer<typeof NotificationsResponse>>(notificationKeys.admin, (old) =>
        old ? { notifications: old.notifications.filter((n) => n.id !== id) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

export function useBanner() {
  return useQuery({
    queryKey: notificationKeys.banner,
    queryFn: ({ signal }) => apiRequest('/notifications/banner', { schema: BannerResponse, signal }),
    select: (d) => d.banner,
  });
}

export function useUploadBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (image: File) => {
      const form = new FormData();
      form.append('image', image);
      return postForm('/notifications/banner', form, BannerSaved);
    },
    onSuccess: (res) => queryClient.setQueryData(notificationKeys.banner, { banner: res.banner }),
  });
}

// ---- member

export function useMemberNotifications(userId: number | null) {
  return useQuery({
    queryKey: notificationKeys.member(userId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(`/notifications/user/${userId}`, { schema: MemberNotificationsResponse, signal }),
    enabled: userId !== null,
  });
}

/** PUT /notifications/{id}/seen {userId}; the member's list shows it seen at once. */
export function useMarkSeen(userId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/notifications/${id}/seen`, { method: 'PUT', body: { userId }, schema: MessageResponse }),
    onSuccess: (_res, id) => {
      if (userId === null) return;
      const seenAt = new Date().toISOString();
      queryClient.setQueryData<z.infer<typeof MemberNotificationsResponse>>(
        notificationKeys.member(userId),
        (old) => {
          if (!old) return old;
          const notifications = old.notifications.map((n) =>
            n.id === id && !n.seen ? { ...n, seen: true, seen_at: seenAt } : n,
          );
          return { notifications, unread: notifications.filter((n) => !n.seen).length };
        },
      );
      void queryClient.invalidateQueries({ queryKey: notificationKeys.member(userId) });
      void queryClient.invalidateQueries({ queryKey: eventKeys.unread });
    },
  });
}

/** GET /notifications/home: the site popups this member has not seen yet. */
export function useSitePopups(userId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.popups(userId ?? 0),
    queryFn: ({ signal }) => apiRequest('/notifications/home', { schema: HomeNotificationsResponse, signal }),
    select: (d) => d.homenotifications,
    enabled: enabled && userId !== null,
    staleTime: 60_000,
  });
}

// ---- member events (what happened to the member's own money and requests)

export type MemberEventItem = z.infer<typeof MemberEvent>;

export const eventKeys = {
  list: ['notifications', 'events'] as const,
  unread: ['notifications', 'unread-count'] as const,
  mail: ['notifications', 'email-settings'] as const,
  queues: ['admin', 'queue-counts'] as const,
};

export function useMemberEvents() {
  return useQuery({
    queryKey: eventKeys.list,
    queryFn: ({ signal }) =>
      apiRequest('/notifications/events?limit=50', { schema: MemberEventsResponse, signal }),
  });
}

/** The navigation badge: unread events plus unread team notices, refreshed every minute. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: eventKeys.unread,
    queryFn: ({ signal }) =>
      apiRequest('/notifications/unread-count', { schema: UnreadCountResponse, signal }),
    select: (d) => d.unread,
    enabled,
    refetchInterval: 60_000,
  });
}

export function useMarkEventSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/notifications/events/${id}/seen`, { method: 'PUT', schema: MessageResponse }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/notifications/events/seen', { method: 'PUT', schema: MarkAllSeenResponse }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useEventMailSettings() {
  return useQuery({
    queryKey: eventKeys.mail,
    queryFn: ({ signal }) =>
      apiRequest('/notifications/email-settings', { schema: EventMailSettingsResponse, signal }),
  });
}

export function useSetEventMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: MemberEventItem['kind']; email: boolean }) =>
      apiRequest('/notifications/email-settings', { method: 'PUT', body, schema: EventMailSettingsResponse }),
    onSuccess: (res) => queryClient.setQueryData(eventKeys.mail, res),
  });
}

/** The admin navigation's counts of pending deposits, pending withdrawals and open tickets. */
export function useQueueCounts(enabled: boolean) {
  return useQuery({
    queryKey: eventKeys.queues,
    queryFn: ({ signal }) => apiRequest('/admin/queue-counts', { schema: QueueCountsResponse, signal }),
    enabled,
    refetchInterval: 60_000,
  });
}
