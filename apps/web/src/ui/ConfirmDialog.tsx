import { Button, Group, Modal, Text } from '@mantine/core';

interface ConfirmDialogProps {
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  loading?: boolean;
  message?: string;
  confirmLabel?: string;
}

/** Delete confirmation used across the back-office (spec 2.5): Go back / Delete. */
export function ConfirmDialog({
  opened,
  onCancel,
  onConfirm,
  loading = false,
  message = 'Are you sure you want to delete this item?',
  confirmLabel = 'Delete',
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Please confirm" centered>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          Go back
        </Button>
        <Button color="red" onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
