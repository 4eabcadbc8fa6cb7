import { Badge, Stack, Text, Textarea } from '@mantine/core';
import type { HeldPayoutRecord } from '@sgx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { ActionDialog } from '../../../ui/ActionDialog';
import { CopyText } from '../../../ui/CopyText';
import { type Column, DataTable } from '../../../ui/DataTable';
import { formatDateTime } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { Money } from '../../../ui/Money';
import { RowActions } from '../../../ui/RowActions';
import { SectionCard } from '../../../ui/SectionCard';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { useInvalidateMoney } from '../../wallet/api/walletApi';
import { payoutKeys, resolveHeldPayout, useHeldPayouts } from '../api/chainPayoutsApi';
import { CHAIN_PAYOUTS_NS } from '../i18n';

interface HeldResolveRequest {
  payout: HeldPayoutRecord;
  action: 'remined' | 'repay';
}

/**
 * Admin: payouts a chain reorganisation took back after they were paid (decision 0053), beside the deposits held
 * the same way: each confirmed re-mined (the chain shows the same payment again) or paid again (once the old batch
 * can never pay). Shown only while there is one to resolve.
 */
export function HeldPayoutsPanel() {
  const { t } = useT(CHAIN_PAYOUTS_NS);
  const held = useHeldPayouts();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateMoney();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const resolve = useConfirmedAction({
    run: (r: HeldResolveRequest, key: string) =>
      resolveHeldPayout(r.payout.withdrawal_id, { action: r.action, reason: reason.trim() }, key),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      setReason('');
      setTouched(false);
      invalidate();
      void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
    },
  });

  const columns: Column<HeldPayoutRecord>[] = [
    { key: 'id', header: '#', render: (p) => p.withdrawal_id, nowrap: true },
    { key: 'member', header: t('held.member'), render: (p) => p.username },
    { key: 'net', header: t('held.net'), render: (p) => <Money value={p.net} />, nowrap: true },
    {
      key: 'why',
      header: t('held.why'),
      render: (p) => (
        <Stack gap={2}>
          <Text size="sm">{p.reorg_note}</Text>
          <Text size="xs" c="dimmed">
            {t('held.batch', {
              batch: p.batch_id,
              chain: p.chain_name,
              time: formatDateTime(p.reorg_detected_at),
            })}
          </Text>
        </Stack>
      ),
      priority: 2,
    },
    {
      key: 'hash',
      header: t('held.transaction'),
      render: (p) => (p.tx_hash ? <CopyText value={p.tx_hash} label={t('held.transaction')} short /> : '-'),
      priority: 3,
    },
    {
      key: 'actions',
      header: t('held.resolve'),
      stickyEnd: true,
      render: (p) => (
        <RowActions
          actions={[
            {
              label: t('held.remined'),
              ariaLabel: t('held.reminedLabel', { id: p.withdrawal_id }),
              tone: 'go',
              onClick: () => resolve.open({ payout: p, action: 'remined' }),
            },
            {
              label: t('held.repay'),
              ariaLabel: t('held.repayLabel', { id: p.withdrawal_id }),
              tone: 'stop',
              onClick: () => resolve.open({ payout: p, action: 'repay' }),
            },
          ]}
        />
      ),
    },
  ];

  if (held.isError)
    return (
      <LoadError
        title={t('held.loadError')}
        error={held.error}
        onRetry={() => void held.refetch()}
        loadedAt={held.dataUpdatedAt}
      />
    );
  const rows = held.data?.payouts ?? [];
  if (rows.length === 0) return null;
  const target = resolve.payload;
  const problem = reason.trim().length < 3 ? t('held.reasonShort') : null;
  const remined = target?.action === 'remined';
  return (
    <SectionCard
      title={t('held.title')}
      testId="payouts-held"
      description={t('held.description')}
      actions={
        <Badge color="red" variant="light">
          {t('held.count', { n: held.data?.held_count ?? rows.length })}
        </Badge>
      }
    >
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={(p) => p.withdrawal_id}
        rowLabel={(p) => t('held.row', { id: p.withdrawal_id })}
        caption={t('held.caption')}
      />
      <ActionDialog
        action={resolve}
        title={remined ? t('held.reminedTitle') : t('held.repayTitle')}
        confirmLabel={remined ? t('held.remined') : t('held.repay')}
        color={remined ? 'teal' : 'orange'}
        confirmDisabled={touched && problem !== null}
        onConfirm={() => {
          setTouched(true);
          if (target === null || problem !== null) return;
          resolve.confirm(target);
        }}
      >
        {target !== null && (
          <Text size="sm">
            {remined
              ? t('held.reminedText', { id: target.payout.withdrawal_id, username: target.payout.username })
              : t('held.repayText', {
                  id: target.payout.withdrawal_id,
                  username: target.payout.username,
                  batch: target.payout.batch_id,
                  deadline: formatDateTime(target.payout.deadline),
                })}
          </Text>
        )}
        <Textarea
          label={t('held.reason')}
          placeholder={t('held.reasonPlaceholder')}
          required
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={touched ? problem : null}
          autosize
          minRows={2}
          maxLength={500}
          data-autofocus
        />
      </ActionDialog>
    </SectionCard>
  );
}
