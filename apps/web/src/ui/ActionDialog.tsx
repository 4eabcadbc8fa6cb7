import { Button, type ButtonProps, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../i18n/i18n';
import { ApiErrorAlert, isRetryable } from './ApiErrorAlert';
import { ApprovalPendingAlert, isApprovalPending } from './ApprovalPendingAlert';
import { SHELL_NS } from './i18n';
import type { ConfirmedAction } from './useConfirmedAction';

interface ActionDialogProps<P> {
  action: ConfirmedAction<P>;
  title: string;
  /** What will happen, in the member's or admin's words (amounts, balances, who). */
  children: ReactNode;
  confirmLabel: string;
  color?: ButtonProps['color'];
  /** Blocks confirming (e.g. a required reason is missing). */
  confirmDisabled?: boolean;
  /** Called instead of `action.confirm()` when the dialog builds the final payload itself. */
  onConfirm?: () => void;
  /** The dialog's width (Mantine's; the default fits a short restatement). */
  size?: ModalProps['size'];
}

/**
 * The confirmation in front of every money and destructive action, with the refusal shown inside. An action the
 * API kept for a second admin (202) shows that it waits, in place of the dialog's content, and only Close.
 */
export function ActionDialog<P>({
  action,
  title,
  children,
  confirmLabel,
  color,
  confirmDisabled = false,
  onConfirm,
  size,
}: ActionDialogProps<P>) {
  const { t } = useT(SHELL_NS);
  const waiting = isApprovalPending(action.error);
  const failed = !waiting && action.error !== null && action.error !== undefined;
  return (
    <Modal
      opened={action.opened}
      onClose={action.cancel}
      title={title}
      centered
      size={size}
      closeOnClickOutside={!action.pending}
      closeOnEscape={!action.pending}
      withCloseButton={!action.pending}
      closeButtonProps={{ 'aria-label': t('ui.closeDialog') }}
    >
      <Stack gap="md">
        {waiting ? <ApprovalPendingAlert pending={action.error} /> : children}
        {failed && <ApiErrorAlert error={action.error} />}
        {waiting ? (
          <Group justify="flex-end">
            <Button onClick={action.cancel}>{t('ui.close')}</Button>
          </Group>
        ) : (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={action.cancel} disabled={action.pending}>
              {t('ui.goBack')}
            </Button>
            <Button
              color={color}
              onClick={() => (onConfirm ? onConfirm() : action.confirm())}
              loading={action.pending}
              disabled={confirmDisabled || (failed && !isRetryable(action.error))}
            >
              {failed && isRetryable(action.error) ? t('ui.tryAgain') : confirmLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
