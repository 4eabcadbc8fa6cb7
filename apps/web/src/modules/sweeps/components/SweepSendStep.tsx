import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ChainConfig, SweepRecord } from '@sgx/contracts';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { CopyText } from '../../../ui/CopyText';
import { formatMoney } from '../../../ui/Money';
import { SendPrepared } from '../../web3/components/SendByHand';
import { reportSweepTransaction, sweepKeys, useSweeps } from '../api/sweepsApi';
import { SWEEPS_NS } from '../i18n';
import { canSendSweep, currentSweep } from '../sweepPlan';
import { SweepStatusBadge, SweepTxLink } from './SweepStatus';

// wagmi and viem load only when an EVM sweep is sent from a wallet.
const SweepWalletSend = lazy(() => import('./SweepWalletSend'));

interface SweepSendStepProps {
  chain: ChainConfig;
  initial: SweepRecord;
  onClose: () => void;
}

/**
 * A prepared sweep's transaction (to the factory, with its calldata): sent from the connected wallet on an EVM
 * chain, or by hand on TRON (or any chain) with its hash pasted; then its status as the server reads the chain.
 */
export function SweepSendStep({ chain, initial, onClose }: SweepSendStepProps) {
  const { t } = useT(SWEEPS_NS);
  const queryClient = useQueryClient();
  const sweeps = useSweeps();
  const [answer, setAnswer] = useState<{ sweep: SweepRecord; message: string; at: number } | null>(null);
  const listed = sweeps.data?.find((s) => s.id === initial.id);
  const sweep = currentSweep(initial, answer, listed, sweeps.dataUpdatedAt);
  const sendable = canSendSweep(sweep.status);
  const reported = (res: { sweep: SweepRecord; message: string }) => {
    setAnswer({ ...res, at: Date.now() });
    void queryClient.invalidateQueries({ queryKey: sweepKeys.all });
  };

  return (
    <Stack gap="sm" data-testid="sweep-send">
      <Group gap="xs">
        <Text size="sm">
          {t(sweep.addresses.length === 1 ? 'send.summaryOne' : 'send.summaryMany', {
            id: sweep.id,
            n: sweep.addresses.length,
            total: formatMoney(sweep.swept ?? sweep.expected),
          })}
        </Text>
        <SweepStatusBadge status={sweep.status} />
      </Group>
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          {t('send.treasury')}
        </Text>
        <CopyText value={sweep.treasury} label={t('send.treasuryAddress')} />
      </Stack>
      {sweep.status !== 'prepared' && (
        <SweepOutcome sweep={sweep} message={answer ? serverText(answer.message) : null} />
      )}
      {sendable && (
        <>
          {sweep.status === 'failed' && (
            <Text size="sm" fw={600}>
              {t('send.again')}
            </Text>
          )}
          <SendPrepared
            report={(hash, key) => reportSweepTransaction(initial.id, hash, key)}
            onReported={reported}
            wallet={
              chain.network === 'EVM'
                ? (onSent) => <SweepWalletSend chain={chain} sweep={sweep} onSent={onSent} />
                : null
            }
            to={sweep.to}
            toName={t('send.toName')}
            data={sweep.data}
            formLabel={t('send.formLabel')}
          >
            {t('send.byHand')}
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

/** Sent, confirmed or failed: what the server read on chain. */
function SweepOutcome({ sweep, message }: { sweep: SweepRecord; message: string | null }) {
  const { t } = useT(SWEEPS_NS);
  const failed = sweep.status === 'failed';
  const confirmed = sweep.status === 'confirmed';
  return (
    <Alert
      color={failed ? 'red' : confirmed ? 'teal' : 'blue'}
      icon={failed ? <IconAlertCircle size={18} /> : <IconCircleCheck size={18} />}
      title={failed ? t('send.failed') : confirmed ? t('send.swept') : t('send.waiting')}
      role="status"
      data-testid="sweep-outcome"
    >
      <Stack gap={4}>
        {message !== null && <Text size="sm">{message}</Text>}
        {failed && sweep.failure !== null && <Text size="sm">{sweep.failure}</Text>}
        {confirmed && sweep.swept !== null && (
          <Text size="sm">{t('send.sweptAmount', { amount: formatMoney(sweep.swept) })}</Text>
        )}
        {sweep.status === 'sent' && (
          <Text size="sm">
            {sweep.confirmations === null
              ? t('send.notConfirmed')
              : t('send.soFar', { n: sweep.confirmations })}
          </Text>
        )}
        <SweepTxLink chainId={sweep.chain_id} hash={sweep.tx_hash} explorerUrl={sweep.explorer_url} />
      </Stack>
    </Alert>
  );
}
