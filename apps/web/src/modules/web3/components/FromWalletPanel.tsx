import { Alert, Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { chainName, walletErrorMessage } from '@sgx/chain';
import { DEFAULT_EVM_CHAIN_ID, SUPPORTED_CHAIN_IDS } from '@sgx/contracts';
import { IconAlertCircle, IconAlertTriangle, IconLink, IconRefresh, IconWallet } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { useConnection, useSignMessage } from 'wagmi';
import { ApiError, errorMessage } from '../../../app/apiError';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
import { CopyText } from '../../../ui/CopyText';
import { createDeposit } from '../../deposits/api/depositsApi';
import { linkWallet, requestWalletChallenge, useLinkedWallets, walletKeys } from '../api/walletsApi';
import { WEB3_NS } from '../i18n';
import { loadSentDeposit, type SentDeposit, storeSentDeposit } from '../sentDeposit';
import { ConnectWalletDialog } from './ConnectWalletDialog';
import { DepositTracker } from './DepositTracker';
import { LinkedWalletsCard } from './LinkedWalletsCard';
import { WalletDepositForm } from './WalletDepositForm';

function same(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * "From your wallet": connect, prove the wallet (sign a one-time message), send USDT with one approval in
 * the wallet, and follow the deposit live. Reporting starts the moment the wallet hands back the hash.
 */
export default function FromWalletPanel({ userId }: { userId: number }) {
  const { t } = useT(WEB3_NS);
  const { status, address, chainId, connector } = useConnection();
  const linked = useLinkedWallets();
  const [sent, setSentState] = useState<SentDeposit | null>(() => loadSentDeposit(userId));
  const queryClient = useQueryClient();

  const setSent = (next: SentDeposit | null) => {
    storeSentDeposit(next);
    setSentState(next);
  };

  const report = useMutation({
    mutationFn: (s: SentDeposit) =>
      createDeposit(
        { user_id: s.userId, amount: s.amount, currency: 'BEP20', hash: s.hash, chain_id: s.chainId },
        s.key,
      ),
    onSuccess: (_res, s) => {
      setSent({ ...s, reported: true });
      void queryClient.invalidateQueries({ queryKey: ['money'] });
    },
  });

  // A reload while the report was on its way: finish it (same Idempotency-Key, so it posts once).
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || sent === null || sent.reported) return;
    resumed.current = true;
    report.mutate(sent);
  }, [sent, report]);

  const onSent = (s: SentDeposit) => {
    resumed.current = true;
    setSent(s);
    report.mutate(s);
  };

  const isLinked = address !== undefined && (linked.data ?? []).some((w) => same(w.address, address));

  return (
    <Stack gap="md">
      <WalletCard
        status={status}
        address={address}
        chainId={chainId}
        connectorName={connector?.name}
        linkedState={linked.isPending ? 'loading' : isLinked ? 'linked' : 'not-linked'}
        onLinked={() => void queryClient.invalidateQueries({ queryKey: walletKeys.linked })}
      />

      {sent !== null && (
        <Stack gap="sm">
          {report.isPending && (
            <Text size="sm" c="dimmed" role="status">
              {t('panel.recording')}
            </Text>
          )}
          {report.isError && !sent.reported && (
            <ReportFailed error={report.error} hash={sent.hash} onRetry={() => report.mutate(sent)} />
          )}
          <DepositTracker
            userId={userId}
            hash={sent.hash}
            chainId={sent.chainId}
            amount={sent.amount}
            requiredConfirmations={sent.requiredConfirmations}
          />
          <Group justify="flex-end">
            <Button variant="light" onClick={() => setSent(null)} disabled={report.isPending}>
              {t('panel.another')}
            </Button>
          </Group>
        </Stack>
      )}

      {sent === null && status === 'connected' && address !== undefined && isLinked && (
        <WalletDepositForm userId={userId} address={address} walletChainId={chainId} onSent={onSent} />
      )}

      <LinkedWalletsCard currentAddress={address} />
    </Stack>
  );
}

type LinkedState = 'loading' | 'linked' | 'not-linked';

interface WalletCardProps {
  status: 'connected' | 'connecting' | 'reconnecting' | 'disconnected';
  address: string | undefined;
  chainId: number | undefined;
  connectorName: string | undefined;
  linkedState: LinkedState;
  onLinked: () => void;
}

function WalletCard({ status, address, chainId, connectorName, linkedState, onLinked }: WalletCardProps) {
  const { t } = useT(WEB3_NS);
  const [dialogOpen, setDialogOpen] = useState(false);

  if (status !== 'connected' || address === undefined) {
    const busy = status === 'connecting' || status === 'reconnecting';
    return (
      <Card withBorder radius="lg" padding="md" data-testid="wallet-card">
        <Stack gap="sm" align="flex-start">
          <Title order={3} fz="lg">
            {t('panel.yourWallet')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('panel.connectIntro')}
          </Text>
          <Button
            leftSection={<IconWallet size={18} />}
            onClick={() => setDialogOpen(true)}
            loading={busy}
            fullWidth
            maw={320}
          >
            {t('header.connectWallet')}
          </Button>
          {busy && (
            <Text size="xs" c="dimmed" role="status">
              {status === 'connecting' ? t('panel.connectingHint') : t('panel.reconnectingHint')}
            </Text>
          )}
        </Stack>
        <ConnectWalletDialog opened={dialogOpen} onClose={() => setDialogOpen(false)} />
      </Card>
    );
  }

  const supported = chainId !== undefined && (SUPPORTED_CHAIN_IDS as readonly number[]).includes(chainId);
  return (
    <Card withBorder radius="lg" padding="md" data-testid="wallet-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={3} fz="lg">
            {t('panel.yourWallet')}
          </Title>
          {linkedState === 'loading' ? (
            <Skeleton h={20} w={80} />
          ) : linkedState === 'linked' ? (
            <Badge color="teal" variant="light" data-testid="wallet-linked">
              {t('panel.linked')}
            </Badge>
          ) : (
            <Badge color="orange" variant="light" data-testid="wallet-linked">
              {t('panel.notLinked')}
            </Badge>
          )}
        </Group>
        <CopyText value={address} label={t('panel.walletAddress')} />
        <Text size="xs" c="dimmed">
          {connectorName ?? t('control.wallet')} ·{' '}
          {supported && chainId !== undefined ? chainName(chainId) : t('control.unsupportedLower')}
        </Text>
        {!supported && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
            {t('panel.wrongNetwork')}
          </Alert>
        )}
        {linkedState === 'not-linked' && (
          <LinkWallet
            address={address}
            chainId={supported ? chainId : DEFAULT_EVM_CHAIN_ID}
            onLinked={onLinked}
          />
        )}
      </Stack>
    </Card>
  );
}

type LinkStage = 'idle' | 'challenge' | 'sign' | 'link';

const stageKey: Record<Exclude<LinkStage, 'idle'>, string> = {
  challenge: 'panel.stageChallenge',
  sign: 'panel.stageSign',
  link: 'panel.stageLink',
};

/** Link this wallet: a one-time message from the server, signed in the wallet, sent back as proof. */
function LinkWallet({
  address,
  chainId,
  onLinked,
}: {
  address: string;
  chainId: number;
  onLinked: () => void;
}) {
  const { t } = useT(WEB3_NS);
  const signMessage = useSignMessage();
  const [stage, setStage] = useState<LinkStage>('idle');
  const [error, setError] = useState<string | null>(null);

  const link = async () => {
    setError(null);
    try {
      setStage('challenge');
      const challenge = await requestWalletChallenge(address, chainId);
      setStage('sign');
      const signature = await signMessage.mutateAsync({
        message: challenge.message,
        account: address as `0x${string}`,
      });
      setStage('link');
      const res = await linkWallet(challenge.message, signature);
      toast.success(serverText(res.message));
      onLinked();
    } catch (err) {
      setError(err instanceof ApiError ? serverText(err.message) : walletErrorMessage(err));
    } finally {
      setStage('idle');
    }
  };

  return (
    <Stack gap="xs">
      <Alert color="indigo" variant="light" icon={<IconLink size={18} />} title={t('panel.linkFirstTitle')}>
        {t('panel.linkFirstBody')}
      </Alert>
      {error !== null && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('panel.notLinked')} role="alert">
          {error}
        </Alert>
      )}
      <Group gap="sm" wrap="wrap">
        <Button leftSection={<IconLink size={18} />} onClick={() => void link()} loading={stage !== 'idle'}>
          {t('panel.link')}
        </Button>
        {stage !== 'idle' && (
          <Text size="sm" c="dimmed" role="status">
            {t(stageKey[stage])}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

/** The transfer left the wallet but the report did not reach us: say so plainly, and let it be sent again. */
function ReportFailed({ error, hash, onRetry }: { error: unknown; hash: string; onRetry: () => void }) {
  const { t } = useT(WEB3_NS);
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={18} />}
      title={t('panel.reportFailedTitle')}
      role="alert"
      data-testid="report-failed"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('panel.reportFailedBody', { reason: errorMessage(error) })}</Text>
        <CopyText value={hash} label={t('tracker.txHash')} />
        <Text size="sm">
          <RichText
            text={t('panel.nothingLost')}
            components={{ manual: <Anchor component={Link} to="/user/web3-deposit?way=manual" size="sm" /> }}
          />
        </Text>
        <Button size="xs" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
          {t('panel.reportAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}
