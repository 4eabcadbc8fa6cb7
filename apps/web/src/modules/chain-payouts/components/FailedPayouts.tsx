import { Box, Text, Textarea } from '@mantine/core';
import type { PayoutQueueItem } from '@sgx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
import { ActionDialog } from '../../../ui/ActionDialog';
import { type Column, DataTable } from '../../../ui/DataTable';
import { Money } from '../../../ui/Money';
import { RowActions } from '../../../ui/RowActions';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { payoutKeys, retryPayout } from '../api/chainPayoutsApi';
import { CHAIN_PAYOUTS_NS } from '../i18n';
import { payoutColumns } from './PayoutStatus';

/**
 * Payouts whose transaction failed, with why: their money stays held (never returned while it may still leave);
 * an admin who checked the reason lets one wait again for a batch (Retry, with a reason for the audit log).
 */
export function FailedPayouts({ payouts }: { payouts: readonly PayoutQueueItem[] }) {
  const { t } = useT(CHAIN_PAYOUTS_NS);
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const retry = useConfirmedAction({
    run: (p: PayoutQueueItem, key: string) => retryPayout(p.withdrawal_id, reason.trim(), key),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      setReason('');
      void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
    },
  });

  const columns: Column<PayoutQueueItem>[] = [
    ...payoutColumns(),
    { key: 'net', header: t('columns.net'), nowrap: true, render: (p) => <Money value={p.net} /> },
    {
      key: 'failure',
      header: t('failed.why'),
      render: (p) => (
        <Text size="sm" c="red" maw={240}>
          {p.failure ?? t('failed.noReason')}
        </Text>
      ),
    },
    {
      key: 'action',
      header: '',
      stickyEnd: true,
      render: (p) => (
        <RowActions
          actions={[
            {
              label: t('failed.retry'),
              ariaLabel: t('failed.retryPayout', { id: p.withdrawal_id }),
              tone: 'go',
              onClick: () => retry.open(p),
            },
          ]}
        />
      ),
    },
  ];

  const target = retry.payload;
  return (
    <Box data-testid="failed-payouts">
      <DataTable
        rows={payouts}
        columns={columns}
        rowKey={(p) => p.withdrawal_id}
        rowLabel={(p) => t('failed.row', { id: p.withdrawal_id })}
        caption={t('failed.caption')}
        emptyText={t('failed.empty')}
        minWidth={640}
      />
      <ActionDialog
        action={retry}
        title={t('failed.dialog')}
        confirmLabel={t('failed.dialog')}
        confirmDisabled={reason.trim().length < 3}
      >
        {target !== null && (
          <Text size="sm">
            <RichText
              text={t('failed.text', {
                id: target.withdrawal_id,
                username: target.username,
                failure: target.failure ?? t('failed.noReasonLower'),
              })}
              components={{ amount: <Money value={target.net} /> }}
            />
          </Text>
        )}
        <Textarea
          label={t('failed.reason')}
          placeholder={t('failed.reasonPlaceholder')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={500}
          data-autofocus
        />
      </ActionDialog>
    </Box>
  );
}
