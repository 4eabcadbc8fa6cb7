import { Text } from '@mantine/core';

/** A section's part of the unread count ("3 unread"), nothing until the count is known. */
export function UnreadOf({ count, testId }: { count: number | undefined; testId: string }) {
  if (count === undefined) return null;
  return (
    <Text
      size="sm"
      c={count > 0 ? undefined : 'dimmed'}
      fw={count > 0 ? 600 : undefined}
      data-testid={testId}
    >
      {count} unread
    </Text>
  );
}
