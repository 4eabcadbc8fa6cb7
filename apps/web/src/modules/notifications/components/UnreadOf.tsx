import { Text } from '@mantine/core';
import { useT } from '../../../i18n/i18n';
import { NOTIFICATIONS_NS } from '../i18n';

/** A section's part of the unread count ("3 unread"), nothing until the count is known. */
export function UnreadOf({ count, testId }: { count: number | undefined; testId: string }) {
  const { t } = useT(NOTIFICATIONS_NS);
  if (count === undefined) return null;
  return (
    <Text
      size="sm"
      c={count > 0 ? undefined : 'dimmed'}
      fw={count > 0 ? 600 : undefined}
      data-testid={testId}
    >
      {t('unread', { count })}
    </Text>
  );
}
