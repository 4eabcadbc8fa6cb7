import { Alert, Button, Divider, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import type { ChainConfig, SweepRecord } from '@sgx/contracts';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { ApiErrorAlert } from '../../../ui/ApiErrorAlert';
import { CopyText } from '../../../ui/CopyText';
import { newIdempotencyKey } from '../../../ui/idempotency';
import { monoInput } from '../../../ui/inputStyles';
import { formatMoney } from '../../../ui/Money';
import { WalletGate } from '../../web3/WalletGate';
import { reportSweepTransaction, sweepKeys, useSweeps } from '../api/sweepsApi';
import { canSendSweep, currentSweep, txHashProblem } from '../sweepPlan';
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
  const queryClient = useQueryClient();
  const sweeps = useSweeps();
  const [answer, setAnswer] = useState<{ sweep: SweepRecord; message: string; at: number } | null>(null);
  const listed = sweeps.data?.find((s) => s.id === initial.id);
  const sweep = currentSweep(initial, answer, listed, sweeps.dataUpdatedAt);
  // A hash the wallet handed back is kept until the server has it: it is never lost to a failed report.
  const [hash, setHash] = useState<string | null>(null);
  const report = useMutation({
    mutationFn: (h: string) => reportSweepTransaction(initial.id, h, newIdempotencyKey()),
    onSuccess: (res) => {
      setAnswer({ ...res, at: Date.now() });
      setHash(null);
      void queryClient.invalidateQueries({ queryKey: sweepKeys.all });
    },
  });
  const sendable = canSendSweep(sweep.status);
  const send = (h: string) => {
    setHash(h);
    report.mutate(h);
  };

  return (
    <Stack gap="sm" data-testid="sweep-send">
      <Group gap="xs">
        <Text size="sm">
          Sweep #{sweep.id}: {sweep.addresses.length} address{sweep.addresses.length === 1 ? '' : 'es'},{' '}
          {formatMoney(sweep.swept ?? sweep.expected)}
        </Text>
        <SweepStatusBadge status={sweep.status} />
      </Group>
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          Treasury (the only place it can go)
        </Text>
        <CopyText value={sweep.treasury} label="treasury address" />
      </Stack>
      {sweep.status !== 'prepared' && <SweepOutcome sweep={sweep} message={answer?.message ?? null} />}
      {sendable && (
        <>
          {sweep.status === 'failed' && (
            <Text size="sm" fw={600}>
              Send it again
            </Text>
          )}
          {hash !== null && (report.isPending || report.isError) && (
            <ReportState
              hash={hash}
              pending={report.isPending}
              error={report.error}
              onRetry={() => send(hash)}
              onDiscard={() => {
                report.reset();
                setHash(null);
              }}
            />
          )}
          {hash === null && chain.network === 'EVM' && (
            <>
              <WalletGate fallback={<Skeleton h={80} radius="md" />}>
                <SweepWalletSend chain={chain} sweep={sweep} onSent={send} />
              </WalletGate>
              <Divider label="or send it another way" labelPosition="center" />
            </>
          )}
          {hash === null && <ManualSend sweep={sweep} busy={report.isPending} onHash={send} />}
        </>
      )}
      <Group justify="flex-end">
        <Button variant={sendable ? 'default' : 'filled'} onClick={onClose}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}

function ReportState({
  hash,
  pending,
  error,
  onRetry,
  onDiscard,
}: {
  hash: string;
  pending: boolean;
  error: unknown;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  return (
    <Stack gap="xs">
      <Text size="sm">Transaction sent:</Text>
      <CopyText value={hash} label="transaction hash" />
      {pending ? (
        <Text size="sm" c="dimmed" role="status">
          Recording the transaction…
        </Text>
      ) : (
        <>
          <ApiErrorAlert error={error} title="The transaction was sent but not recorded yet" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDiscard}>
              Enter another hash
            </Button>
            <Button variant="light" onClick={onRetry}>
              Record it again
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

/** The transaction as data to send with any wallet, and the field its hash is pasted into. */
function ManualSend({
  sweep,
  busy,
  onHash,
}: {
  sweep: SweepRecord;
  busy: boolean;
  onHash: (hash: string) => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = txHashProblem(text);
    setError(problem);
    if (problem === null) onHash(text.trim());
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Record the sweep transaction">
      <Stack gap="sm">
        <Text size="sm">
          Call the deposit factory with this data and no value, from a wallet of your own (it pays the network
          fee); then paste the transaction's hash.
        </Text>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            To (deposit factory)
          </Text>
          <CopyText value={sweep.to} label="factory address" />
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            Data ({(sweep.data.length - 2) / 2} bytes)
          </Text>
          <CopyText value={sweep.data} label="transaction data" short />
        </Stack>
        <TextInput
          label="Transaction hash"
          placeholder="0x…"
          styles={monoInput}
          spellCheck={false}
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={busy}>
            Record transaction
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Sent, confirmed or failed: what the server read on chain. */
function SweepOutcome({ sweep, message }: { sweep: SweepRecord; message: string | null }) {
  const failed = sweep.status === 'failed';
  const confirmed = sweep.status === 'confirmed';
  return (
    <Alert
      color={failed ? 'red' : confirmed ? 'teal' : 'blue'}
      icon={failed ? <IconAlertCircle size={18} /> : <IconCircleCheck size={18} />}
      title={failed ? 'The sweep failed' : confirmed ? 'Swept to the treasury' : 'Waiting for confirmations'}
      role="status"
      data-testid="sweep-outcome"
    >
      <Stack gap={4}>
        {message !== null && <Text size="sm">{message}</Text>}
        {failed && sweep.failure !== null && <Text size="sm">{sweep.failure}</Text>}
        {confirmed && sweep.swept !== null && <Text size="sm">Swept {formatMoney(sweep.swept)}.</Text>}
        {sweep.status === 'sent' && (
          <Text size="sm">
            {sweep.confirmations === null
              ? 'The chain has not confirmed it yet.'
              : `${sweep.confirmations} confirmations so far.`}{' '}
            This updates by itself.
          </Text>
        )}
        <SweepTxLink chainId={sweep.chain_id} hash={sweep.tx_hash} explorerUrl={sweep.explorer_url} />
      </Stack>
    </Alert>
  );
}
