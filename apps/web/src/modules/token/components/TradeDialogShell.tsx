import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/i18n';
import { formatPercent } from '../../../ui/Money';
import type { useTradeDialog } from '../hooks/useTradeDialog';
import { TOKEN_NS } from '../i18n';
import { CurrentPriceLine, OutcomeAlert } from './TradeParts';

/**
 * The frame of the Buy and Sell dialogs (spec 2.9): the current price with its refresh, the side's own lines
 * and amount field, the summary (or a sentence while there is none), the slippage note, the outcome, Cancel
 * and the side's submit button; after a trade went through, only Close.
 */
export function TradeDialogShell({
  dialog,
  title,
  onClose,
  onSubmit,
  children,
  summary,
  waiting,
  notice,
  slippagePercent,
  submit,
}: {
  /** The dialog's state (useTradeDialog): its price, pending trade and outcome. */
  dialog: ReturnType<typeof useTradeDialog>;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  /** The side's info lines and amount field. */
  children: ReactNode;
  /** The summary table, or null while there is none to show. */
  summary: ReactNode | null;
  /** What the summary box says while there is no summary. */
  waiting: string;
  /** A warning under the summary (the total above the balance). */
  notice?: ReactNode;
  slippagePercent: string | undefined;
  submit: { label: string; color: string; enabled: boolean };
}) {
  const { t } = useT(TOKEN_NS);
  const pending = dialog.trade.isPending;
  const { price } = dialog;
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      centered
      closeOnClickOutside={!pending}
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="md">
          <CurrentPriceLine
            price={price.data}
            refreshing={price.isFetching}
            onRefresh={() => void price.refetch()}
          />
          {children}
          <Paper withBorder radius="md" p="sm">
            <Text fw={600} size="sm" mb={4}>
              {t('dialog.summary')}
            </Text>
            {summary ?? (
              <Text size="sm" c="dimmed">
                {waiting}
              </Text>
            )}
          </Paper>
          {notice}
          {slippagePercent !== undefined && (
            <Text size="xs" c="dimmed">
              {t('dialog.slippage', { percent: formatPercent(slippagePercent) })}
            </Text>
          )}
          <OutcomeAlert outcome={dialog.outcome} />
          {dialog.succeeded ? (
            // Done (decision 0055): the success and one way out, not Cancel beside a Buy that can no longer be used.
            <Group justify="flex-end">
              <Button color={submit.color} onClick={onClose} data-autofocus>
                {t('dialog.done')}
              </Button>
            </Group>
          ) : (
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={pending}>
                {t('dialog.cancel')}
              </Button>
              <Button type="submit" color={submit.color} loading={pending} disabled={!submit.enabled}>
                {submit.label}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
