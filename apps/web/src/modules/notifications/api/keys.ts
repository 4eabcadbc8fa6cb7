/** The data cache's keys of the notifications module (every key starts with 'notifications'). */
export const notificationKeys = {
  all: ['notifications'] as const,
  admin: ['notifications', 'admin'] as const,
  /** The team's notices of one member; `memberAll` covers every member's. */
  member: (userId: number) => ['notifications', 'member', userId] as const,
  memberAll: ['notifications', 'member'] as const,
  popups: (userId: number) => ['notifications', 'popups', userId] as const,
  banner: ['notifications', 'banner'] as const,
};

export const eventKeys = {
  list: ['notifications', 'events'] as const,
  unread: ['notifications', 'unread-count'] as const,
  mail: ['notifications', 'email-settings'] as const,
  queues: ['admin', 'queue-counts'] as const,
};
