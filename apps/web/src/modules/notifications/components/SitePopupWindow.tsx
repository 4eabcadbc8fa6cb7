import { Button, Group, Modal, Text } from '@mantine/core';
import { useT } from '../../../i18n/i18n';
import { SHELL_NS } from '../../../ui/i18n';

interface SitePopupWindowProps {
  title: string;
  message: string;
  onClose: () => void;
}

/** The window of one site popup (SitePopup): its code, the dialog's, loads only when a popup is to be shown. */
export function SitePopupWindow({ title, message, onClose }: SitePopupWindowProps) {
  const { t } = useT(SHELL_NS);
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('ui.close') }}
      data-testid="site-popup"
    >
      <Text style={{ whiteSpace: 'pre-wrap' }}>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose}>{t('frame.gotIt')}</Button>
      </Group>
    </Modal>
  );
}
