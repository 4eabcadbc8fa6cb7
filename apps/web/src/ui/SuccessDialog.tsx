import { Button, Group, Modal, Text } from '@mantine/core';
import { useT } from '../i18n/i18n';
import { SHELL_NS } from './i18n';

interface SuccessDialogProps {
  message: string;
  /** Called by the Go back button, the close icon, the overlay and Escape. */
  onClose: () => void;
  opened?: boolean;
}

/** Spec 2.2: titled "Successful", shows the message, has a Go back button and a close icon. Open at once. */
export function SuccessDialog({ message, onClose, opened = true }: SuccessDialogProps) {
  const { t } = useT(SHELL_NS);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('ui.successful')}
      centered
      closeButtonProps={{ 'aria-label': t('ui.close') }}
    >
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose}>{t('ui.goBack')}</Button>
      </Group>
    </Modal>
  );
}
