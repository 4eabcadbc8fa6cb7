import { Box, Text, Textarea } from '@mantine/core';
import type { PayoutQueueItem } from '@sgx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ActionDialog } from '../../../ui/ActionDialog';
import { type Column, DataTable } from '../../../ui/DataTable';
import { Money } from '../../../ui/Money';
import { RowActions } from '../../../ui/RowActions';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { payoutKeys, retryPayout } from '../api/chainPayoutsApi';
import { payoutColumns } from './PayoutStatus';

/**
 * Payouts whose transaction failed, with why: their money stays held (never returned while it may still leave);
 * an admin who checked the reason lets one wait again for a batch (Retry, with a reason for the audit log).
 */
export function FailedPayouts({ payouts }: { payouts: readonly PayoutQueueItem[] }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const retry = useConfirmedAction({
    run: (p: PayoutQueueItem, key: string) => retryPayout(p.withdrawal_id, reason.trim(), key),
    onSuccess: (res) => {
      toast.success(res.message);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
    },
  });

  const columns: Column<PayoutQueueItem>[] = [
    ...payoutColumns,
    { key: 'net', header: 'Net', nowrap: true, render: (p) => <Money value={p.net} /> },
    {
      key: 'failure',
      header: 'Why it failed',
      render: (p) => (
        <Text size="sm" c="red" maw={240}>
          {p.failure ?? 'No reason recorded.'}
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
              label: 'Retry',
              ariaLabel: `Retry payout ${p.withdrawal_id}`,
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
        rowLabel={(p) => `failed payout ${p.withdrawal_id}`}
        caption="Failed payouts"
        emptyText="No payout failed."
        minWidth={640}
      />
      <ActionDialog
        action={retry}
        title="Retry payout"
        confirmLabel="Retry payout"
        confirmDisabled={reason.trim().length < 3}
      >
        {target !== null && (
          <Text size="sm">
            Payout #{target.withdrawal_id} of <Money value={target.net} /> to {target.username} waits again
            for a batch. Check first that its earlier transaction paid nothing:{' '}
            {target.failure ?? 'no reason recorded'}
          </Text>
        )}
        <Textarea
          label="Reason"
          placeholder="Why it can be paid again (audit log)"
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
