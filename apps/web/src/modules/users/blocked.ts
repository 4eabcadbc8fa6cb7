import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../auth/hooks/useSession';
import { useUser } from './api/usersApi';

/** Where a blocked member writes to support: the member's new-ticket page (a ticket stays possible). */
export const SUPPORT_TICKET_PATH = '/user/query/create';

/** Read the member's record again on a page change when it is older than this. */
const FRESH_MS = 30_000;

export interface BlockedAccount {
  blocked: boolean;
  /** The admin's reason (decision 0035); null when none was recorded. */
  reason: string | null;
}

function useOwnRecord() {
  const session = useSession();
  return useUser(session?.role === 'user' ? session.account.id : null);
}

/**
 * Whether the signed-in member is blocked, and why, from their own record (GET /users/{id}, the one every
 * member page reads; one cached answer for every caller). Not blocked until it is known: the server decides
 * every action anyway.
 */
export function useBlockedAccount(): BlockedAccount {
  const user = useOwnRecord();
  const blocked = user.data?.status === 'block';
  return { blocked, reason: blocked ? (user.data?.block_reason ?? null) : null };
}

/**
 * Reads the member's record again on a page change once it is 30 s old, so a block made while the member is
 * signed in shows on their next page. Called once, by the banner every member page shows (BlockedBanner), not
 * by each form that asks useBlockedAccount.
 */
export function useFreshOwnRecord(): void {
  const { refetch, dataUpdatedAt } = useOwnRecord();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the page changes, not on each render
  useEffect(() => {
    if (dataUpdatedAt > 0 && Date.now() - dataUpdatedAt > FRESH_MS) void refetch();
  }, [pathname]);
}
