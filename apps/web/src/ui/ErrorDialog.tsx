import { Button, Group, Modal, Text, Title } from '@mantine/core';

interface ErrorDialogProps {
  error: string;
  onClose: () => void;
  opened?: boolean;
}

/** Spec 2.2: titled "Error", heading "Something went Wrong!" above the text, a Close button and a close icon. */
export function ErrorDialog({ error, onClose, opened = true }: ErrorDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Error"
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Title order={4} c="red" mb="xs">
        Something went Wrong!
      </Title>
      <Text>{error}</Text>
      <Group justify="flex-end" mt="lg">
        <Button color="red" variant="light" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Modal>
  );
}
