import { Alert, Anchor, Group, SegmentedControl, Select, Skeleton, Stack, Text } from '@mantine/core';
import { networkLabel, networkName } from '@sgx/chain/names';
import type { PayoutChain, PayoutNetwork, PayoutQueueItem } from '@sgx/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { tr, useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { CopyText } from '../../../ui/CopyText';
import { LoadError } from '../../../ui/LoadError';
import { Money } from '../../../ui/Money';
import { SectionCard } from '../../../ui/SectionCard';
import { StaffFieldset } from '../../../ui/StaffOnly';
import { usePayoutQueue } from '../api/chainPayoutsApi';
import { CHAIN_PAYOUTS_NS } from '../i18n';
import { defaultPayoutChainId, failedPayouts, payableChains, waitingPayouts } from '../payoutPlan';
import { FailedPayouts } from './FailedPayouts';
import { HeldPayoutsPanel } from './HeldPayoutsPanel';
import { PayoutBatchDialog, type PayoutTarget } from './PayoutBatchDialog';
import { PayoutBatches } from './PayoutBatches';
import { PayoutQueueSection } from './PayoutQueueSection';

const networks = (): { value: PayoutNetwork; label: string }[] => [
  { value: 'EVM', label: tr('chainPayouts:panel.evmChains') },
  { value: 'TRON', label: networkName('TRC20') },
];

/**
 * /admin/withdrawals, "Pay on chain" (decision 0034): approved withdrawals of one network paid in one batch
 * transaction through the payout contract from the operator's wallet (EVM) or by hand (TRON); failed payouts with
 * why and Retry; the latest batches; payouts a chain reorganisation took back (decision 0053), to resolve.
 */
export function AdminChainPayoutsPanel() {
  const { t } = useT(CHAIN_PAYOUTS_NS);
  const [network, setNetwork] = useState<PayoutNetwork>('EVM');
  const [target, setTarget] = useState<PayoutTarget | null>(null);

  return (
    <Stack gap="md">
      <HeldPayoutsPanel />
      <SectionCard
        title={t('panel.approvedTitle')}
        description={t('panel.approvedDescription')}
        testId="chain-payouts"
        actions={
          <SegmentedControl
            aria-label={t('panel.network')}
            data={networks()}
            value={network}
            onChange={(v) => setNetwork(v as PayoutNetwork)}
          />
        }
      >
        <StaffFieldset area="money">
          <NetworkQueue
            key={network}
            network={network}
            onPay={(chain, payouts) => setTarget({ kind: 'new', chain, payouts })}
          />
        </StaffFieldset>
      </SectionCard>
      <SectionCard title={t('panel.batchesTitle')} description={t('panel.batchesDescription')}>
        <PayoutBatches onOpen={(batch) => setTarget({ kind: 'open', batch })} />
      </SectionCard>
      <PayoutBatchDialog target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}

interface NetworkQueueProps {
  network: PayoutNetwork;
  onPay: (chain: PayoutChain, payouts: PayoutQueueItem[]) => void;
}

function NetworkQueue({ network, onPay }: NetworkQueueProps) {
  const { t } = useT(CHAIN_PAYOUTS_NS);
  const queue = usePayoutQueue(network);
  const [chosen, setChosen] = useState<number | null>(null);

  if (queue.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('panel.loading')}>
        <Skeleton h={40} radius="md" />
        <Skeleton h={160} radius="md" />
      </Stack>
    );
  }
  if (queue.data === undefined) {
    return (
      <LoadError title={t('panel.loadError')} error={queue.error} onRetry={() => void queue.refetch()} />
    );
  }

  const data = queue.data;
  const payable = payableChains(data.chains);
  const chainId =
    chosen !== null && payable.some((c) => c.chain_id === chosen)
      ? chosen
      : defaultPayoutChainId(data.chains);
  const chain = payable.find((c) => c.chain_id === chainId) ?? null;
  const waiting = waitingPayouts(data.payouts);
  const failed = failedPayouts(data.payouts);

  return (
    <Stack gap="md">
      {queue.isError && (
        <LoadError
          title={t('panel.readAgainError')}
          error={queue.error}
          onRetry={() => void queue.refetch()}
          loadedAt={queue.dataUpdatedAt}
        />
      )}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Text size="sm" data-testid="payout-total">
          <RichText
            text={t(waiting.length === 1 ? 'panel.approvedOne' : 'panel.approvedMany', { n: waiting.length })}
            components={{ amount: <Money value={data.total_approved} fw={600} /> }}
          />
        </Text>
        {payable.length > 0 && (
          <Select
            label={t('panel.payOn')}
            data={payable.map((c) => ({
              value: String(c.chain_id),
              label: networkLabel(c.network === 'TRON' ? 'TRC20' : 'BEP20', c.chain_id, c.token.symbol),
            }))}
            value={chainId === null ? null : String(chainId)}
            onChange={(v) => v !== null && setChosen(Number(v))}
            allowDeselect={false}
            w={300}
            data-testid="payout-chain"
          />
        )}
      </Group>
      {chain === null ? (
        <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />} role="status">
          <RichText
            text={t('panel.noContract', { network: network === 'EVM' ? 'EVM' : 'TRON' })}
            components={{ link: <Anchor component={Link} to="/admin/web3?tab=chains" /> }}
          />
        </Alert>
      ) : (
        <ChainFacts chain={chain} />
      )}
      <PayoutQueueSection key={chain?.chain_id ?? 0} payouts={waiting} chain={chain} onPay={onPay} />
      {failed.length > 0 && (
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('panel.failed')}
          </Text>
          <FailedPayouts payouts={failed} />
        </Stack>
      )}
    </Stack>
  );
}

/** The chosen chain's payout contract, and a warning when the server cannot verify payouts there. */
function ChainFacts({ chain }: { chain: PayoutChain }) {
  const { t } = useT(CHAIN_PAYOUTS_NS);
  return (
    <Stack gap="xs">
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          {t('panel.contractOn', { chain: chain.name })}
        </Text>
        {chain.contract !== null && <CopyText value={chain.contract} label={t('panel.contractAddress')} />}
      </Stack>
      {chain.hot_wallet !== null && (
        <Stack gap={2} data-testid="payout-hot-wallet">
          <Text size="xs" c="dimmed">
            {chain.hot_wallet.balance === null ? (
              t('panel.hotWalletUnread')
            ) : (
              <RichText
                text={t('panel.hotWallet')}
                components={{ amount: <Money value={chain.hot_wallet.balance} /> }}
              />
            )}
          </Text>
          <CopyText value={chain.hot_wallet.address} label={t('panel.hotWalletAddress')} />
        </Stack>
      )}
      {!chain.verified && (
        <Alert color="orange" variant="light" role="status">
          {t('panel.noNode', { chain: chain.name })}
        </Alert>
      )}
    </Stack>
  );
}
