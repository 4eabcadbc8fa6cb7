import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../app/apiError';
import { formatDateTime } from './format';

interface LoadErrorProps {
  title: string;
  error: unknown;
  onRetry: () => void;
  /** When the data still on screen was loaded (0 or undefined: nothing was). */
  loadedAt?: number;
}

/** A failed read: the reason, when the data on screen was last loaded, and Retry. Never invented data. */
export function LoadError({ title, error, onRetry, loadedAt }: LoadErrorProps) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        {loadedAt !== undefined && loadedAt > 0 && (
          <Text size="xs">
            Showing what was last loaded at {formatDateTime(new Date(loadedAt).toISOString())}.
          </Text>
        )}
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}
