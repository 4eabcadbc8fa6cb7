import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage, isRefusal } from '../app/apiError';
import { useT } from '../i18n/i18n';
import { formatDateTime } from './format';
import { SHELL_NS } from './i18n';

interface LoadErrorProps {
  title: string;
  error: unknown;
  onRetry: () => void;
  /** When the data still on screen was loaded (0 or undefined: nothing was). */
  loadedAt?: number;
}

/**
 * A failed read: the reason, when the data on screen was last loaded, and Retry (not offered for a refusal,
 * which retrying cannot change). Never invented data.
 */
export function LoadError({ title, error, onRetry, loadedAt }: LoadErrorProps) {
  const { t } = useT(SHELL_NS);
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        {loadedAt !== undefined && loadedAt > 0 && (
          <Text size="xs">
            {t('ui.lastLoaded', { time: formatDateTime(new Date(loadedAt).toISOString()) })}
          </Text>
        )}
        {!isRefusal(error) && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t('ui.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
