import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../i18n/i18n';
import { SHELL_NS } from './i18n';

/**
 * A dialog holding a multi-step flow (confirm, then send and follow: sweeps, payout batches): open while there is
 * something to show, a fresh flow for every new `flowKey` (its state never leaks from one target to the next).
 */
export function FlowDialog({
  opened,
  title,
  flowKey,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  flowKey: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useT(SHELL_NS);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('ui.closeDialog') }}
    >
      {opened && <div key={flowKey}>{children}</div>}
    </Modal>
  );
}
