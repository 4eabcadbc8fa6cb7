import type {
  HomeNotificationsResponse,
  MemberEvent,
  MemberEventsResponse,
  MemberNotification,
  MemberNotificationsResponse,
  NotificationRecord,
  NotificationsResponse,
} from '@sgx/contracts';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../app/api';
import { contract } from '../../../app/lazySchema';
import { postForm } from '../../content/api/upload';
import { eventKeys, notificationKeys } from './keys';
import { allReadHere, listCounted, readHere } from './unread';

export { eventKeys, notificationKeys } from './keys';
export { useUnreadCount, useUnreadCounts } from './unread';

export type SentNotification = z.infer<typeof NotificationRecord>;
export type MemberNotice = z.infer<typeof MemberNotification>;
export type NotificationType = SentNotification['type'];

/** What POST /notifications takes (spec 7.2): users true means every member, else the recipients. */
export interface NewNotification {
  title: string;
  message: string;
  users: boolean;
  type: NotificationType;
  recipients: number[];
}

const Created = contract('NotificationCreatedResponse');
const BannerSaved = contract('BannerSavedResponse');

export const typeLabels: Record<NotificationType, string> = {
  notification: 'Notification',
  site_popup: 'Site popup',
};

// ---- admin

export function useAdminNotifications() {
  return useQuery({
    queryKey: notificationKeys.admin,
    queryFn: ({ signal }) =>
      apiRequest('/notifications', { schema: contract('NotificationsResponse'), signal }),
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
      apiRequest(`/notifications/delete/${id}`, { method: 'DELETE', schema: contract('MessageResponse') }),
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
    queryFn: ({ signal }) =>
      apiRequest('/notifications/banner', { schema: contract('BannerResponse'), signal }),
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

type MemberNotices = z.infer<typeof MemberNotificationsResponse>;

/** The team's notices to this member; its `unread` is the server's count of them (see unread.ts). */
export function useMemberNotifications(userId: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: notificationKeys.member(userId ?? 0),
    queryFn: async ({ signal }) => {
      const res = await apiRequest(`/notifications/user/${userId}`, {
        schema: contract('MemberNotificationsResponse'),
        signal,
      });
      listCounted(queryClient, 'notices', res.unread);
      return res;
    },
    enabled: userId !== null,
  });
}

/** Whether this tab's cache knows the notice as unseen (on the page's list, or as a site popup). */
function noticeUnseen(queryClient: QueryClient, userId: number, id: number): boolean | undefined {
  const list = queryClient.getQueryData<MemberNotices>(notificationKeys.member(userId));
  const inList = list?.notifications.find((n) => n.id === id);
  if (inList !== undefined) return !inList.seen;
  const popups = queryClient.getQueryData<z.infer<typeof HomeNotificationsResponse>>(
    notificationKeys.popups(userId),
  );
  return popups?.homenotifications.some((n) => n.id === id) ? true : undefined;
}

/**
 * PUT /notifications/{id}/seen {userId}: the member's list shows it seen at once, and the count (page and
 * menu badge) drops with it; then both are read again from the server.
 */
export function useMarkSeen(userId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/notifications/${id}/seen`, {
        method: 'PUT',
        body: { userId },
        schema: contract('MessageResponse'),
      }),
    onSuccess: (_res, id) => {
      if (userId === null) return;
      if (noticeUnseen(queryClient, userId, id) === true) readHere(queryClient, 'notices');
      const seenAt = new Date().toISOString();
      queryClient.setQueryData<MemberNotices>(notificationKeys.member(userId), (old) => {
        if (!old) return old;
        const hit = old.notifications.some((n) => n.id === id && !n.seen);
        const notifications = old.notifications.map((n) =>
          n.id === id && !n.seen ? { ...n, seen: true, seen_at: seenAt } : n,
        );
        return { notifications, unread: hit ? Math.max(0, old.unread - 1) : old.unread };
      });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.member(userId) });
      void queryClient.invalidateQueries({ queryKey: eventKeys.unread });
    },
  });
}

/** GET /notifications/home: the site popups this member has not seen yet. */
export function useSitePopups(userId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.popups(userId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest('/notifications/home', { schema: contract('HomeNotificationsResponse'), signal }),
    select: (d) => d.homenotifications,
    enabled: enabled && userId !== null,
    staleTime: 60_000,
  });
}

// ---- member events (what happened to the member's own money and requests)

export type MemberEventItem = z.infer<typeof MemberEvent>;
type EventPages = InfiniteData<z.infer<typeof MemberEventsResponse>, number | undefined>;

/** Events per page; older ones follow on "Show older", so every unread one counted can be reached. */
export const EVENTS_PAGE = 50;

/** The member's events, newest first, a page at a time; the first page's `unread` counts them all. */
export function useMemberEvents() {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: eventKeys.list,
    queryFn: async ({ pageParam, signal }) => {
      const before = pageParam === undefined ? '' : `&before=${pageParam}`;
      const res = await apiRequest(`/notifications/events?limit=${EVENTS_PAGE}${before}`, {
        schema: contract('MemberEventsResponse'),
        signal,
      });
      if (pageParam === undefined) listCounted(queryClient, 'events', res.unread);
      return res;
    },
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.events.length < EVENTS_PAGE ? undefined : last.events.at(-1)?.id),
  });
}

/** The cached events with those `hit` picks marked seen now; how many of them were unseen. */
function seeEvents(queryClient: QueryClient, hit: (e: MemberEventItem) => boolean): number {
  let changed = 0;
  const seenAt = new Date().toISOString();
  queryClient.setQueryData<EventPages>(eventKeys.list, (old) => {
    if (!old) return old;
    const pages = old.pages.map((page) => {
      const events = page.events.map((e) => {
        if (e.seen_at !== null || !hit(e)) return e;
        changed += 1;
        return { ...e, seen_at: seenAt };
      });
      return { ...page, events };
    });
    return { ...old, pages };
  });
  return changed;
}

export function useMarkEventSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/notifications/events/${id}/seen`, { method: 'PUT', schema: contract('MessageResponse') }),
    onSuccess: (_res, id) => {
      readHere(
        queryClient,
        'events',
        seeEvents(queryClient, (e) => e.id === id),
      );
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

/** Marks every event and every team notice read: the counts go to 0 with the New marks. */
export function useMarkAllSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/notifications/events/seen', { method: 'PUT', schema: contract('MarkAllSeenResponse') }),
    onSuccess: () => {
      seeEvents(queryClient, () => true);
      const seenAt = new Date().toISOString();
      queryClient.setQueriesData<MemberNotices>({ queryKey: notificationKeys.memberAll }, (old) =>
        old
          ? {
              unread: 0,
              notifications: old.notifications.map((n) =>
                n.seen ? n : { ...n, seen: true, seen_at: seenAt },
              ),
            }
          : old,
      );
      allReadHere(queryClient);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

export function useEventMailSettings() {
  return useQuery({
    queryKey: eventKeys.mail,
    queryFn: ({ signal }) =>
      apiRequest('/notifications/email-settings', { schema: contract('EventMailSettingsResponse'), signal }),
  });
}

export function useSetEventMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: MemberEventItem['kind']; email: boolean }) =>
      apiRequest('/notifications/email-settings', {
        method: 'PUT',
        body,
        schema: contract('EventMailSettingsResponse'),
      }),
    onSuccess: (res) => queryClient.setQueryData(eventKeys.mail, res),
  });
}

/** The admin navigation's counts of pending deposits, pending withdrawals and open tickets. */
export function useQueueCounts(enabled: boolean) {
  return useQuery({
    queryKey: eventKeys.queues,
    queryFn: ({ signal }) =>
      apiRequest('/admin/queue-counts', { schema: contract('QueueCountsResponse'), signal }),
    enabled,
    refetchInterval: 60_000,
  });
}
