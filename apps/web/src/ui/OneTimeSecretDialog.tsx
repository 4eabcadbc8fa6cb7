import { Alert, Button, Modal, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CopyText } from './CopyText';

/**
 * A secret the server shows only once (an API key, a webhook signing secret): a warning, the secret with a copy
 * button, and a button to close. Closing by a click outside is off, so the secret is not lost by a stray tap.
 */
export function OneTimeSecretDialog({
  secret,
  onClose,
  title,
  warning,
  label,
  done,
  testId,
}: {
  secret: string | null;
  onClose: () => void;
  title: string;
  warning: string;
  label: string;
  done: string;
  testId: string;
}) {
  if (secret === null) return null;
  return (
    <Modal opened onClose={onClose} title={title} centered closeOnClickOutside={false}>
      <Stack gap="sm">
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
          {warning}
        </Alert>
        <div data-testid={testId}>
          <CopyText value={secret} label={label} />
        </div>
        <Button onClick={onClose} style={{ alignSelf: 'flex-end' }}>
          {done}
        </Button>
      </Stack>
    </Modal>
  );
}
