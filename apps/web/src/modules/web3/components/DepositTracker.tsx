import { Alert, Anchor, Card, Group, Loader, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { chainName, txExplorerUrl } from '@sgx/chain';
import { IconCheck, IconCircleDashed, IconExternalLink, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../app/apiError';
import { CopyText } from '../../../ui/CopyText';
import { formatMoney } from '../../../ui/Money';
import { useInvalidateMoney, useWallet } from '../../wallet/api/walletApi';
import { useTrackedDeposit } from '../api/trackApi';
import { type StepState, type TrackerPhase, trackerView } from '../depositTracker';

interface DepositTrackerProps {
  userId: number;
  hash: string;
  chainId: number;
  /** Decimal text, as reported. */
  amount: string;
  /** The chain's confirmations, shown until the server's record says. */
  requiredConfirmations: number | null;
}

/**
 * Live progress of a deposit sent from the wallet, read from the server every 2 s: sent, in a block,
 * confirmations n of N, then credited (with the new Business Balance), refused (why, and that an admin
 * can still approve it) or left to our team.
 */
export function DepositTracker({
  userId,
  hash,
  chainId,
  amount,
  requiredConfirmations,
}: DepositTrackerProps) {
  const tracked = useTrackedDeposit(hash);
  const deposit = tracked.data ?? undefined;
  const view = trackerView(deposit, requiredConfirmations);
  const invalidate = useInvalidateMoney();
  const wallet = useWallet(view.phase === 'credited' ? userId : null);

  // Once it is credited, every balance on screen refreshes.
  const creditedSeen = useRef(false);
  useEffect(() => {
    if (view.phase === 'credited' && !creditedSeen.current) {
      creditedSeen.current = true;
      invalidate();
    }
  }, [view.phase, invalidate]);

  const explorer = txExplorerUrl(chainId, hash);
  const progress =
    view.required !== null && view.required > 0
      ? Math.min(100, Math.round(((view.confirmations ?? 0) * 100) / view.required))
      : 0;

  return (
    <Card withBorder radius="lg" padding="md" data-testid="deposit-tracker" data-phase={view.phase}>
      <Stack gap="sm">
        <div>
          <Title order={3} fz="lg">
            Deposit of {formatMoney(amount)} on {chainName(chainId)}
          </Title>
          <Group gap={6} wrap="wrap">
            <Text size="sm" c="dimmed">
              Transaction
            </Text>
            <CopyText value={hash} label="transaction hash" short />
            {explorer !== undefined && (
              <Anchor href={explorer} target="_blank" rel="noopener noreferrer" size="sm">
                <Group gap={2} wrap="nowrap">
                  Explorer <IconExternalLink size={14} />
                </Group>
              </Anchor>
            )}
          </Group>
        </div>

        <Stack
          gap={8}
          component="ol"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          aria-label="Progress"
        >
          {view.steps.map((step) => (
            <Group key={step.key} gap="sm" wrap="nowrap" component="li" data-state={step.state}>
              <StepIcon state={step.state} />
              <Text
                size="sm"
                fw={step.state === 'current' ? 600 : 400}
                c={step.state === 'todo' ? 'dimmed' : undefined}
              >
                {step.label}
              </Text>
            </Group>
          ))}
        </Stack>
        {view.phase === 'confirming' && view.required !== null && (
          <Progress value={progress} aria-label="Confirmations" size="sm" animated />
        )}

        {!view.final && (
          <Text size="sm" aria-live="polite" data-testid="tracker-status">
            {statusLine(view.phase, view.confirmations, view.required)}
          </Text>
        )}

        {view.phase === 'credited' && (
          <Alert color="teal" icon={<IconCheck size={18} />} title="Credited" role="status">
            <Stack gap={4}>
              <Text size="sm">
                {formatMoney(deposit?.credited_amount ?? amount)} was added to your Business Balance.
                {wallet.data !== undefined && (
                  <>
                    {' '}
                    Your Business Balance is now{' '}
                    <b data-testid="tracker-balance">{formatMoney(wallet.data.wallets.deposit)}</b>.
                  </>
                )}
              </Text>
              <Anchor component={Link} to="/user/deposit-history" size="sm">
                See your deposit history
              </Anchor>
            </Stack>
          </Alert>
        )}
        {view.phase === 'refused' && (
          <Alert color="red" icon={<IconX size={18} />} title="The check refused this deposit" role="alert">
            <Stack gap={4}>
              <Text size="sm">{view.reason ?? 'The transfer did not match the deposit.'}</Text>
              <Text size="sm">
                Nothing was credited yet. If the money did leave your wallet, our support team or an admin can
                still check it and approve it by hand:{' '}
                <Anchor component={Link} to="/user/query/create">
                  raise a query
                </Anchor>{' '}
                with the transaction hash.
              </Text>
            </Stack>
          </Alert>
        )}
        {view.phase === 'declined' && (
          <Alert color="red" icon={<IconX size={18} />} title="Declined" role="alert">
            {view.reason ?? 'An admin declined this deposit.'} Questions?{' '}
            <Anchor component={Link} to="/user/query/create">
              Raise a query
            </Anchor>
            .
          </Alert>
        )}
        {view.phase === 'manual' && (
          <Alert color="indigo" title="Our team checks this one" role="status">
            The server does not read {chainName(chainId)} itself, so an admin checks the transfer and credits
            it by hand. Follow it in your{' '}
            <Anchor component={Link} to="/user/deposit-history">
              deposit history
            </Anchor>
            .
          </Alert>
        )}
        {tracked.isError && (
          <Text size="xs" c="orange" role="alert">
            Could not refresh the status ({errorMessage(tracked.error)}). Retrying…
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function statusLine(phase: TrackerPhase, confirmations: number | null, required: number | null): string {
  if (phase === 'confirming' && required !== null) {
    return `Confirming: ${Math.min(confirmations ?? 0, required)} of ${required} confirmations. This page updates by itself.`;
  }
  return 'Waiting for the network to include your transfer in a block. This page updates by itself.';
}

function StepIcon({ state }: { state: StepState }) {
  if (state === 'done') {
    return (
      <ThemeIcon size={22} radius="xl" color="teal" aria-label="done">
        <IconCheck size={14} />
      </ThemeIcon>
    );
  }
  if (state === 'failed') {
    return (
      <ThemeIcon size={22} radius="xl" color="red" aria-label="failed">
        <IconX size={14} />
      </ThemeIcon>
    );
  }
  if (state === 'current') {
    return (
      <ThemeIcon size={22} radius="xl" variant="light" aria-label="in progress">
        <Loader size={12} />
      </ThemeIcon>
    );
  }
  return (
    <ThemeIcon size={22} radius="xl" variant="light" color="gray" aria-label="to do">
      <IconCircleDashed size={14} />
    </ThemeIcon>
  );
}
