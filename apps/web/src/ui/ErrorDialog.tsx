import { Button, Group, Modal, Text, Title } from '@mantine/core';
import { useT } from '../i18n/i18n';
import { SHELL_NS } from './i18n';

interface ErrorDialogProps {
  error: string;
  onClose: () => void;
  opened?: boolean;
}

/** Spec 2.2: titled "Error", heading "Something went Wrong!" above the text, a Close button and a close icon. */
export function ErrorDialog({ error, onClose, opened = true }: ErrorDialogProps) {
  const { t } = useT(SHELL_NS);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('ui.error')}
      centered
      closeButtonProps={{ 'aria-label': t('ui.closeDialog') }}
    >
      <Title order={4} c="red" mb="xs">
        {t('ui.somethingWentWrong')}
      </Title>
      <Text>{error}</Text>
      <Group justify="flex-end" mt="lg">
        <Button color="red" variant="light" onClick={onClose}>
          {t('ui.close')}
        </Button>
      </Group>
    </Modal>
  );
}
