import { Button, Group, Modal, Text } from '@mantine/core';

interface SuccessDialogProps {
  message: string;
  /** Called by the Go back button, the close icon, the overlay and Escape. */
  onClose: () => void;
  opened?: boolean;
}

/** Spec 2.2: titled "Successful", shows the message, has a Go back button and a close icon. Open at once. */
export function SuccessDialog({ message, onClose, opened = true }: SuccessDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Successful"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose}>Go back</Button>
      </Group>
    </Modal>
  );
}
