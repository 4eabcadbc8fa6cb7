import { Alert, Anchor, Card, Group, Loader, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { chainName, txExplorerUrl } from '@sgx/chain';
import { IconCheck, IconCircleDashed, IconExternalLink, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../app/apiError';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
import { CopyText } from '../../../ui/CopyText';
import { formatMoney } from '../../../ui/Money';
import { useInvalidateMoney, useWallet } from '../../wallet/api/walletApi';
import { useTrackedDeposit } from '../api/trackApi';
import { type StepState, type TrackerPhase, trackerView } from '../depositTracker';
import { WEB3_NS, web3Text } from '../i18n';

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
  const { t } = useT(WEB3_NS);
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
            {t('tracker.title', { amount: formatMoney(amount), chain: chainName(chainId) })}
          </Title>
          <Group gap={6} wrap="wrap">
            <Text size="sm" c="dimmed">
              {t('tracker.transaction')}
            </Text>
            <CopyText value={hash} label={t('tracker.txHash')} short />
            {explorer !== undefined && (
              <Anchor href={explorer} target="_blank" rel="noopener noreferrer" size="sm">
                <Group gap={2} wrap="nowrap">
                  {t('tracker.explorer')} <IconExternalLink size={14} />
                </Group>
              </Anchor>
            )}
          </Group>
        </div>

        <Stack
          gap={8}
          component="ol"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          aria-label={t('tracker.progress')}
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
          <Progress value={progress} aria-label={t('tracker.confirmations')} size="sm" animated />
        )}

        {!view.final && (
          <Text size="sm" aria-live="polite" data-testid="tracker-status">
            {statusLine(view.phase, view.confirmations, view.required)}
          </Text>
        )}

        {view.phase === 'credited' && (
          <Alert color="teal" icon={<IconCheck size={18} />} title={t('tracker.credited')} role="status">
            <Stack gap={4}>
              <Text size="sm">
                {t('tracker.creditedBody', { amount: formatMoney(deposit?.credited_amount ?? amount) })}
                {wallet.data !== undefined && (
                  <>
                    {' '}
                    <RichText
                      text={t('tracker.balanceNow')}
                      components={{
                        balance: (
                          <b data-testid="tracker-balance">{formatMoney(wallet.data.wallets.deposit)}</b>
                        ),
                      }}
                    />
                  </>
                )}
              </Text>
              <Anchor component={Link} to="/user/deposit-history" size="sm">
                {t('tracker.seeHistory')}
              </Anchor>
            </Stack>
          </Alert>
        )}
        {view.phase === 'refused' && (
          <Alert color="red" icon={<IconX size={18} />} title={t('tracker.refusedTitle')} role="alert">
            <Stack gap={4}>
              <Text size="sm">
                {view.reason !== null ? serverText(view.reason) : t('tracker.refusedDefault')}
              </Text>
              <Text size="sm">
                <RichText
                  text={t('tracker.refusedBody')}
                  components={{ query: <Anchor component={Link} to="/user/query/create" /> }}
                />
              </Text>
            </Stack>
          </Alert>
        )}
        {view.phase === 'declined' && (
          <Alert color="red" icon={<IconX size={18} />} title={t('tracker.declined')} role="alert">
            {view.reason !== null ? serverText(view.reason) : t('tracker.declinedDefault')}{' '}
            <RichText
              text={t('next.questions')}
              components={{ query: <Anchor component={Link} to="/user/query/create" /> }}
            />
          </Alert>
        )}
        {view.phase === 'manual' && (
          <Alert color="indigo" title={t('tracker.manualTitle')} role="status">
            <RichText
              text={t('tracker.manualBody', { chain: chainName(chainId) })}
              components={{ history: <Anchor component={Link} to="/user/deposit-history" /> }}
            />
          </Alert>
        )}
        {tracked.isError && (
          <Text size="xs" c="orange" role="alert">
            {t('tracker.refreshFailed', { reason: errorMessage(tracked.error) })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function statusLine(phase: TrackerPhase, confirmations: number | null, required: number | null): string {
  if (phase === 'confirming' && required !== null) {
    return web3Text('tracker.confirming', { count: Math.min(confirmations ?? 0, required), required });
  }
  return web3Text('tracker.waiting');
}

function StepIcon({ state }: { state: StepState }) {
  if (state === 'done') {
    return (
      <ThemeIcon size={22} radius="xl" color="teal" aria-label={web3Text('tracker.stepDone')}>
        <IconCheck size={14} />
      </ThemeIcon>
    );
  }
  if (state === 'failed') {
    return (
      <ThemeIcon size={22} radius="xl" color="red" aria-label={web3Text('tracker.stepFailed')}>
        <IconX size={14} />
      </ThemeIcon>
    );
  }
  if (state === 'current') {
    return (
      <ThemeIcon size={22} radius="xl" variant="light" aria-label={web3Text('tracker.stepCurrent')}>
        <Loader size={12} />
      </ThemeIcon>
    );
  }
  return (
    <ThemeIcon size={22} radius="xl" variant="light" color="gray" aria-label={web3Text('tracker.stepTodo')}>
      <IconCircleDashed size={14} />
    </ThemeIcon>
  );
}
