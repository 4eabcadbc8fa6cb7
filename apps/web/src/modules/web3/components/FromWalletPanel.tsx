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
import { CopyText } from '../../../ui/CopyText';
import { createDeposit } from '../../deposits/api/depositsApi';
import { linkWallet, requestWalletChallenge, useLinkedWallets, walletKeys } from '../api/walletsApi';
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
              Recording your deposit…
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
              Make another deposit
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
  const [dialogOpen, setDialogOpen] = useState(false);

  if (status !== 'connected' || address === undefined) {
    const busy = status === 'connecting' || status === 'reconnecting';
    return (
      <Card withBorder radius="lg" padding="md" data-testid="wallet-card">
        <Stack gap="sm" align="flex-start">
          <Title order={3} fz="lg">
            Your wallet
          </Title>
          <Text size="sm" c="dimmed">
            Connect the wallet you pay from (MetaMask or another browser wallet, or a phone wallet through
            WalletConnect). You approve every step in the wallet itself.
          </Text>
          <Button
            leftSection={<IconWallet size={18} />}
            onClick={() => setDialogOpen(true)}
            loading={busy}
            fullWidth
            maw={320}
          >
            Connect wallet
          </Button>
          {busy && (
            <Text size="xs" c="dimmed" role="status">
              {status === 'connecting' ? 'Connecting… check your wallet.' : 'Reconnecting to your wallet…'}
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
            Your wallet
          </Title>
          {linkedState === 'loading' ? (
            <Skeleton h={20} w={80} />
          ) : linkedState === 'linked' ? (
            <Badge color="teal" variant="light" data-testid="wallet-linked">
              Linked
            </Badge>
          ) : (
            <Badge color="orange" variant="light" data-testid="wallet-linked">
              Not linked
            </Badge>
          )}
        </Group>
        <CopyText value={address} label="wallet address" />
        <Text size="xs" c="dimmed">
          {connectorName ?? 'Wallet'} ·{' '}
          {supported && chainId !== undefined ? chainName(chainId) : 'unsupported network'}
        </Text>
        {!supported && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
            Your wallet is on a network we do not accept deposits on. Choose a chain below and your wallet is
            asked to switch.
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

const stageText: Record<Exclude<LinkStage, 'idle'>, string> = {
  challenge: 'Preparing the message…',
  sign: 'Sign the message in your wallet. It costs nothing and moves no money.',
  link: 'Checking the signature…',
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
      toast.success(res.message);
      onLinked();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : walletErrorMessage(err));
    } finally {
      setStage('idle');
    }
  };

  return (
    <Stack gap="xs">
      <Alert color="indigo" variant="light" icon={<IconLink size={18} />} title="Link this wallet first">
        Deposits are credited automatically only from wallets you have proven are yours. To prove it, your
        wallet signs a one-time message: no fee, and no money moves.
      </Alert>
      {error !== null && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Not linked" role="alert">
          {error}
        </Alert>
      )}
      <Group gap="sm" wrap="wrap">
        <Button leftSection={<IconLink size={18} />} onClick={() => void link()} loading={stage !== 'idle'}>
          Link this wallet
        </Button>
        {stage !== 'idle' && (
          <Text size="sm" c="dimmed" role="status">
            {stageText[stage]}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

/** The transfer left the wallet but the report did not reach us: say so plainly, and let it be sent again. */
function ReportFailed({ error, hash, onRetry }: { error: unknown; hash: string; onRetry: () => void }) {
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={18} />}
      title="Your money was sent, but we could not record the deposit yet"
      role="alert"
      data-testid="report-failed"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          The transfer left your wallet (transaction hash below). Recording it here failed:{' '}
          {errorMessage(error)}
        </Text>
        <CopyText value={hash} label="transaction hash" />
        <Text size="sm">
          Nothing is lost: the server watches the chain for transfers from your linked wallets and will find
          and credit this one by itself. You can also try reporting it again now, or later from{' '}
          <Anchor component={Link} to="/user/web3-deposit?way=manual" size="sm">
            Send manually
          </Anchor>{' '}
          with this hash.
        </Text>
        <Button size="xs" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
          Report again
        </Button>
      </Stack>
    </Alert>
  );
}
