import { Button, Group, Modal, Text } from '@mantine/core';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import type { Video } from '../api/videosApi';
import { VIDEOS_NS } from '../i18n';

interface DeleteVideoDialogProps {
  video: Video | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Spec 2.7: 'Confirm Deletion', 'This action cannot be undone.' */
export function DeleteVideoDialog({ video, deleting, onCancel, onConfirm }: DeleteVideoDialogProps) {
  const { t } = useT(VIDEOS_NS);
  return (
    <Modal
      opened={video !== null}
      onClose={onCancel}
      title={t('delete.title')}
      centered
      closeOnClickOutside={!deleting}
      closeOnEscape={!deleting}
    >
      <Text>
        <RichText text={t('delete.question')} components={{ title: <strong>{video?.title}</strong> }} />
      </Text>
      <Text c="dimmed" size="sm" mt={4}>
        {t('delete.undone')}
      </Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={deleting}>
          {t('delete.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={deleting}>
          {t('delete.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
