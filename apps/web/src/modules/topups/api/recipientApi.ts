import { useDebouncedValue } from '@mantine/hooks';
import { Recipient } from '@sgx/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';

/** Which form asks: looking up oneself is refused with that form's words. */
export type RecipientPurpose = 'transfer' | 'friend';

/** How long the typed text rests before it is looked up. */
export const RECIPIENT_DEBOUNCE_MS = 400;

export type RecipientLookup =
  | { status: 'empty' }
  | { status: 'looking' }
  | { status: 'found'; recipient: Recipient }
  | { status: 'error'; message: string };

const recipientQuery = (purpose: RecipientPurpose, text: string) => ({
  // Usernames, codes and e-mails are found in any letter case: one answer per spelling is enough.
  queryKey: ['recipient', purpose, text.toLowerCase()] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest(`/members/lookup?${new URLSearchParams({ q: text, for: purpose })}`, {
      schema: Recipient,
      signal,
    }),
  staleTime: 60_000,
  retry: false,
});

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'The member could not be looked up. Please try again.';

/**
 * GET /members/lookup for what the member types (a username, referral code or e-mail), once the typing rests:
 * who the money would go to, or why nobody. `resolve()` answers for the text as it is now, without waiting
 * for the pause (the form's submit), from the same cache.
 */
export function useRecipientLookup(text: string, purpose: RecipientPurpose) {
  const typed = text.trim();
  const [debounced] = useDebouncedValue(typed, RECIPIENT_DEBOUNCE_MS);
  const queryClient = useQueryClient();
  const query = useQuery({ ...recipientQuery(purpose, debounced), enabled: debounced !== '' });

  let lookup: RecipientLookup;
  if (typed === '') lookup = { status: 'empty' };
  else if (debounced !== typed || query.isPending || query.isFetching) lookup = { status: 'looking' };
  else if (query.isError) lookup = { status: 'error', message: messageOf(query.error) };
  else lookup = { status: 'found', recipient: query.data };

  const resolve = async (): Promise<{ recipient: Recipient } | { message: string }> => {
    try {
      return { recipient: await queryClient.fetchQuery(recipientQuery(purpose, typed)) };
    } catch (error) {
      return { message: messageOf(error) };
    }
  };
  return { lookup, resolve };
}
