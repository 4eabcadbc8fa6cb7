import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { TRON_CHAIN_ID } from '@sgx/chain';
import type { PayoutBatchRecord } from '@sgx/contracts';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { CopyText } from '../../../ui/CopyText';
import { formatDateTime } from '../../../ui/format';
import { formatMoney } from '../../../ui/Money';
import { currentSweep as currentRead } from '../../sweeps/sweepPlan';
import { SendPrepared } from '../../web3/components/SendByHand';
import { payoutKeys, reportPayoutTransaction, usePayoutBatch } from '../api/chainPayoutsApi';
import { CHAIN_PAYOUTS_NS } from '../i18n';
import { batchIsSendable, batchStatusLook } from '../payoutPlan';
import { BatchFailures } from './PayoutBatches';
import { LookBadge, PayoutTxLink } from './PayoutStatus';

// wagmi and viem load only when a batch is paid from a wallet.
const PayoutWalletSend = lazy(() => import('./PayoutWalletSend'));

/**
 * A prepared batch's transaction (to the payout contract, with its calldata): sent from the connected wallet on
 * an EVM chain, or by hand (TRON, or any chain) with its hash pasted; then its status, read again every few
 * seconds while the chain confirms it, until paid.
 */
export function PayoutSendStep({ initial, onClose }: { initial: PayoutBatchRecord; onClose: () => void }) {
  const { t } = useT(CHAIN_PAYOUTS_NS);
  const queryClient = useQueryClient();
  const read = usePayoutBatch(initial.id);
  const [answer, setAnswer] = useState<{ batch: PayoutBatchRecord; message: string; at: number } | null>(
    null,
  );
  const batch = currentRead(
    initial,
    answer === null ? null : { sweep: answer.batch, at: answer.at },
    read.data?.batch,
    read.dataUpdatedAt,
  );
  const sendable = batchIsSendable(batch.status);
  const reported = (res: { batch: PayoutBatchRecord; message: string }) => {
    setAnswer({ ...res, at: Date.now() });
    void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
  };
  const n = batch.items.length;

  return (
    <Stack gap="sm" data-testid="payout-send">
      <Group gap="xs">
        <Text size="sm">
          {t(n === 1 ? 'send.batchOne' : 'send.batchMany', {
            id: batch.id,
            n,
            total: formatMoney(batch.total),
            symbol: batch.token.symbol,
            chain: batch.chain_name,
          })}
        </Text>
        <LookBadge look={batchStatusLook(batch.status)} testId="payout-batch-status" />
      </Group>
      {batch.status !== 'prepared' && (
        <BatchOutcome batch={batch} message={answer ? serverText(answer.message) : null} />
      )}
      {sendable && (
        <>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('send.token', { symbol: batch.token.symbol })}
            </Text>
            <CopyText value={batch.token.address} label={t('send.tokenAddress')} />
          </Stack>
          <SendPrepared
            report={(hash, key) => reportPayoutTransaction(initial.id, hash, key)}
            onReported={reported}
            wallet={
              batch.chain_id === TRON_CHAIN_ID
                ? null
                : (onSent) => <PayoutWalletSend batch={batch} onSent={onSent} />
            }
            to={batch.to}
            toName={t('send.toName')}
            data={batch.data}
            formLabel={t('send.formLabel')}
          >
            {t('send.byHand', {
              symbol: batch.token.symbol,
              total: formatMoney(batch.total),
              raw: batch.raw_total,
              deadline: formatDateTime(batch.deadline),
            })}
          </SendPrepared>
        </>
      )}
      <Group justify="flex-end">
        <Button variant={sendable ? 'default' : 'filled'} onClick={onClose}>
          {t('send.close')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Sent, paid, failed or expired: what the server read on chain. */
function BatchOutcome({ batch, message }: { batch: PayoutBatchRecord; message: string | null }) {
  const { t } = useT(CHAIN_PAYOUTS_NS);
  const bad = batch.status === 'failed' || batch.status === 'expired';
  const paid = batch.status === 'paid';
  const title = paid
    ? t('send.paid')
    : batch.status === 'failed'
      ? t('send.failed')
      : batch.status === 'expired'
        ? t('send.expired')
        : t('send.waiting');
  return (
    <Alert
      color={bad ? 'red' : paid ? 'teal' : 'blue'}
      icon={bad ? <IconAlertCircle size={18} /> : <IconCircleCheck size={18} />}
      title={title}
      role="status"
      data-testid="payout-outcome"
    >
      <Stack gap={4}>
        {message !== null && <Text size="sm">{message}</Text>}
        <BatchFailures batch={batch} />
        {paid && (
          <Text size="sm">
            {t(batch.items.length === 1 ? 'send.completeOne' : 'send.completeMany', {
              n: batch.items.length,
              total: formatMoney(batch.total),
            })}
          </Text>
        )}
        {batch.status === 'sent' && (
          <Text size="sm">
            {batch.confirmations === null
              ? t('send.notConfirmed')
              : t('send.soFar', { n: batch.confirmations })}
          </Text>
        )}
        <PayoutTxLink chainId={batch.chain_id} hash={batch.tx_hash} explorerUrl={batch.explorer_url} />
      </Stack>
    </Alert>
  );
}
