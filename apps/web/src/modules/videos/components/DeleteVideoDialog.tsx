import { Button, Group, Modal, Text } from '@mantine/core';
import type { Video } from '../api/videosApi';

interface DeleteVideoDialogProps {
  video: Video | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Spec 2.7: 'Confirm Deletion', 'This action cannot be undone.' */
export function DeleteVideoDialog({ video, deleting, onCancel, onConfirm }: DeleteVideoDialogProps) {
  return (
    <Modal
      opened={video !== null}
      onClose={onCancel}
      title="Confirm Deletion"
      centered
      closeOnClickOutside={!deleting}
      closeOnEscape={!deleting}
    >
      <Text>
        Delete <strong>{video?.title}</strong>?
      </Text>
      <Text c="dimmed" size="sm" mt={4}>
        This action cannot be undone.
      </Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={deleting}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={deleting}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
