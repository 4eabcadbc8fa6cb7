import type { UnreadCountResponse } from '@sgx/contracts';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../app/api';
import { contract } from '../../../app/lazySchema';
import { eventKeys, notificationKeys } from './keys';

/**
 * Unread, one definition (decision 0019): the server's count (GET /notifications/unread-count, events.service.ts)
 * of the member's unseen events plus the team's unseen notices. The menu's badge and the notifications
 * page's count read this one cached answer; the two lists (whose items show New) carry the same server
 * count of their part, and whichever of them is newer makes the other refresh, so all three agree.
 */
export type UnreadCounts = z.infer<typeof UnreadCountResponse>;
export type UnreadPart = 'events' | 'notices';

const partKeys: Record<UnreadPart, readonly string[]> = {
  events: eventKeys.list,
  notices: notificationKeys.memberAll,
};

/** The lists whose part of the count changed between two answers (none when there was no earlier one). */
export function changedParts(before: UnreadCounts | undefined, now: UnreadCounts): UnreadPart[] {
  if (before === undefined) return [];
  return (['events', 'notices'] as const).filter((part) => before[part] !== now[part]);
}

/** The count after `by` items of `part` were read here (never below zero). */
export function lowered(counts: UnreadCounts, part: UnreadPart, by = 1): UnreadCounts {
  const next = { ...counts, [part]: Math.max(0, counts[part] - by) };
  return { ...next, unread: next.events + next.notices };
}

function unreadQuery(queryClient: QueryClient) {
  return {
    queryKey: eventKeys.unread,
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const before = queryClient.getQueryData<UnreadCounts>(eventKeys.unread);
      const now = await apiRequest('/notifications/unread-count', {
        schema: contract('UnreadCountResponse'),
        signal,
      });
      // Something arrived or was read elsewhere: the lists open on the page show it too.
      for (const part of changedParts(before, now)) {
        void queryClient.invalidateQueries({ queryKey: partKeys[part] });
      }
      return now;
    },
    refetchInterval: 60_000,
  };
}

/** The menu's badge: the total unread, refreshed every minute. */
export function useUnreadCount(enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({ ...unreadQuery(queryClient), select: (d) => d.unread, enabled });
}

/** The notifications page: the same answer, with its two parts. */
export function useUnreadCounts() {
  const queryClient = useQueryClient();
  return useQuery(unreadQuery(queryClient));
}

/** A list's answer carried the server's count of its part: when the cached count differs, it refreshes. */
export function listCounted(queryClient: QueryClient, part: UnreadPart, unread: number): void {
  const counts = queryClient.getQueryData<UnreadCounts>(eventKeys.unread);
  if (counts !== undefined && counts[part] !== unread) {
    void queryClient.invalidateQueries({ queryKey: eventKeys.unread });
  }
}

/** Items read here: the badge and the page's count drop at once, with the New marks, before the refetch. */
export function readHere(queryClient: QueryClient, part: UnreadPart, by = 1): void {
  if (by <= 0) return;
  queryClient.setQueryData<UnreadCounts>(eventKeys.unread, (old) => (old ? lowered(old, part, by) : old));
}

/** Everything read (Mark all as read). */
export function allReadHere(queryClient: QueryClient): void {
  queryClient.setQueryData<UnreadCounts>(eventKeys.unread, (old) =>
    old ? { unread: 0, events: 0, notices: 0 } : old,
  );
}
