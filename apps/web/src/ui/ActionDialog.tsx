import { Button, type ButtonProps, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiErrorAlert, isRetryable } from './ApiErrorAlert';
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
}

/** The confirmation in front of every money and destructive action, with the refusal shown inside. */
export function ActionDialog<P>({
  action,
  title,
  children,
  confirmLabel,
  color,
  confirmDisabled = false,
  onConfirm,
}: ActionDialogProps<P>) {
  const failed = action.error !== null && action.error !== undefined;
  return (
    <Modal
      opened={action.opened}
      onClose={action.cancel}
      title={title}
      centered
      closeOnClickOutside={!action.pending}
      closeOnEscape={!action.pending}
      withCloseButton={!action.pending}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Stack gap="md">
        {children}
        {failed && <ApiErrorAlert error={action.error} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={action.cancel} disabled={action.pending}>
            Go back
          </Button>
          <Button
            color={color}
            onClick={() => (onConfirm ? onConfirm() : action.confirm())}
            loading={action.pending}
            disabled={confirmDisabled || (failed && !isRetryable(action.error))}
          >
            {failed && isRetryable(action.error) ? 'Try again' : confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
