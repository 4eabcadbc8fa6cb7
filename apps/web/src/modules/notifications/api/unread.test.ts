import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { eventKeys, notificationKeys } from './keys';

// The count's query is not called here: only how the cache follows the server's one count.
vi.mock('../../../app/api', () => ({ apiRequest: vi.fn() }));
const { allReadHere, changedParts, listCounted, lowered, readHere } = await import('./unread');

const counts = { unread: 5, events: 3, notices: 2 };

describe('one unread count (decision 0019)', () => {
  it('names the lists whose part changed, none for the first answer', () => {
    expect(changedParts(undefined, counts)).toEqual([]);
    expect(changedParts(counts, counts)).toEqual([]);
    expect(changedParts(counts, { unread: 6, events: 4, notices: 2 })).toEqual(['events']);
    // The same total can hide a change in both parts.
    expect(changedParts(counts, { unread: 5, events: 2, notices: 3 })).toEqual(['events', 'notices']);
  });

  it('lowers a part and the total together, never below zero', () => {
    expect(lowered(counts, 'notices')).toEqual({ unread: 4, events: 3, notices: 1 });
    expect(lowered(counts, 'events', 2)).toEqual({ unread: 3, events: 1, notices: 2 });
    expect(lowered(counts, 'notices', 9)).toEqual({ unread: 3, events: 3, notices: 0 });
  });

  it('drops the cached count when items are read here, and zeroes it for Mark all as read', () => {
    const client = new QueryClient();
    readHere(client, 'events');
    expect(client.getQueryData(eventKeys.unread)).toBeUndefined();
    client.setQueryData(eventKeys.unread, counts);
    readHere(client, 'events', 0);
    expect(client.getQueryData(eventKeys.unread)).toEqual(counts);
    readHere(client, 'events');
    expect(client.getQueryData(eventKeys.unread)).toEqual({ unread: 4, events: 2, notices: 2 });
    allReadHere(client);
    expect(client.getQueryData(eventKeys.unread)).toEqual({ unread: 0, events: 0, notices: 0 });
  });

  it('refreshes the count when a list brings another number for its part', async () => {
    const client = new QueryClient();
    client.setQueryData(eventKeys.unread, counts);
    client.setQueryData(notificationKeys.member(1), { notifications: [], unread: 2 });
    const stale = () => client.getQueryState(eventKeys.unread)?.isInvalidated;
    listCounted(client, 'notices', 2);
    expect(stale()).toBe(false);
    listCounted(client, 'events', 4);
    expect(stale()).toBe(true);
  });
});
