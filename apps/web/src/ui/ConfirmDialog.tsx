import { Button, Group, Modal, Text } from '@mantine/core';
import { useT } from '../i18n/i18n';
import { SHELL_NS } from './i18n';

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
  message,
  confirmLabel,
}: ConfirmDialogProps) {
  const { t } = useT(SHELL_NS);
  return (
    <Modal opened={opened} onClose={onCancel} title={t('ui.pleaseConfirm')} centered>
      <Text>{message ?? t('ui.deleteMessage')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          {t('ui.goBack')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={loading}>
          {confirmLabel ?? t('ui.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
