import { Alert, Badge, Box, Button, Checkbox, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ChainConfig, SweepCandidate } from '@sgx/contracts';
import { IconArrowsDownUp, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
import { CopyText } from '../../../ui/CopyText';
import { type Column, DataTable } from '../../../ui/DataTable';
import { LoadError } from '../../../ui/LoadError';
import { formatMoney, Money } from '../../../ui/Money';
import { groupTokenText } from '../../web3/chainOptions';
import { useSweepOverview } from '../api/sweepsApi';
import { SWEEPS_NS } from '../i18n';
import {
  keepListed,
  pickedCandidates,
  reconciliationGap,
  SWEEP_MAX_ADDRESSES,
  sumAmounts,
  toggleAll,
  toggleOne,
} from '../sweepPlan';

interface SweepOverviewSectionProps {
  chain: ChainConfig;
  onSweep: (chain: ChainConfig, candidates: SweepCandidate[], treasury: string) => void;
}

/** One chain's overview: factory and treasury, the two reconciliations, and the addresses to sweep. */
export function SweepOverviewSection({ chain, onSweep }: SweepOverviewSectionProps) {
  const { t } = useT(SWEEPS_NS);
  const overview = useSweepOverview(chain.id);
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());

  if (overview.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('overview.loading')}>
        <Skeleton h={60} radius="md" />
        <Skeleton h={180} radius="md" />
      </Stack>
    );
  }
  if (overview.data === undefined) {
    return (
      <LoadError
        title={t('overview.loadError')}
        error={overview.error}
        onRetry={() => void overview.refetch()}
      />
    );
  }

  const data = overview.data;
  const symbol = data.token.symbol;
  const candidates = data.candidates;
  const shown = keepListed(picked, candidates);
  const chosen = pickedCandidates(candidates, shown);
  const allPicked = candidates.length > 0 && toggleAll(candidates, shown).size === 0;
  const canSweep = data.factory !== null && data.treasury !== null && data.message === null;

  const columns: Column<SweepCandidate>[] = [
    {
      key: 'pick',
      header: (
        <Checkbox
          aria-label={t('overview.selectAll')}
          checked={allPicked}
          indeterminate={shown.size > 0 && !allPicked}
          disabled={candidates.length === 0 || !canSweep}
          onChange={() => setPicked(toggleAll(candidates, shown))}
        />
      ),
      render: (c) => (
        <Checkbox
          aria-label={t('overview.select', { username: c.username })}
          checked={shown.has(c.address)}
          disabled={!canSweep}
          onChange={() => setPicked(toggleOne(shown, c.address))}
        />
      ),
    },
    { key: 'username', header: t('overview.member'), render: (c) => c.username, nowrap: true },
    {
      key: 'address',
      header: t('overview.address'),
      render: (c) => (
        <CopyText value={c.address} label={t('overview.addressOf', { username: c.username })} short />
      ),
    },
    {
      key: 'balance',
      header: t('overview.balance'),
      nowrap: true,
      render: (c) => (
        <Text size="sm" ff="monospace">
          {groupTokenText(c.balance)} {symbol}
        </Text>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <Place
          label={t('overview.factory')}
          name={t('overview.factoryAddress')}
          value={data.factory}
          chainName={data.name}
        />
        <Place
          label={t('overview.treasury')}
          name={t('overview.treasuryAddress')}
          value={data.treasury}
          chainName={data.name}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" data-testid="sweep-reconciliation">
        <Reconciliation
          kind="members"
          label={t('overview.atMembers')}
          onChain={data.at_member_addresses_on_chain}
          ledger={data.at_member_addresses_ledger}
        />
        <Reconciliation
          kind="treasury"
          label={t('overview.treasuryShort')}
          onChain={data.treasury_on_chain}
          ledger={data.treasury_ledger}
        />
      </SimpleGrid>
      {data.message !== null && (
        <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />} role="status">
          {serverText(data.message)}
        </Alert>
      )}
      <Box data-testid="sweep-candidates">
        <DataTable
          rows={candidates}
          columns={columns}
          rowKey={(c) => c.address}
          caption={t('overview.caption', { symbol, chain: data.name })}
          emptyText={t('overview.empty', { symbol, chain: data.name })}
          minWidth={560}
        />
      </Box>
      {candidates.length > SWEEP_MAX_ADDRESSES && (
        <Text size="xs" c="dimmed">
          {t('overview.max', { max: SWEEP_MAX_ADDRESSES })}
        </Text>
      )}
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" data-testid="sweep-selection">
          {chosen.length === 0
            ? t('overview.nothing')
            : t('overview.selected', {
                n: chosen.length,
                total: formatMoney(sumAmounts(chosen.map((c) => c.amount))),
              })}
        </Text>
        <Button
          leftSection={<IconArrowsDownUp size={16} />}
          disabled={!canSweep || chosen.length === 0}
          onClick={() => data.treasury !== null && onSweep(chain, chosen, data.treasury)}
        >
          {t('overview.sweepSelected')}
        </Button>
      </Group>
    </Stack>
  );
}

interface PlaceProps {
  label: string;
  /** What the copy button copies. */
  name: string;
  value: string | null;
  chainName: string;
}

function Place({ label, name, value, chainName }: PlaceProps) {
  const { t } = useT(SWEEPS_NS);
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {value === null ? (
        <Text size="sm" c="dimmed">
          {t('overview.notSet', { chain: chainName })}
        </Text>
      ) : (
        <CopyText value={value} label={name} />
      )}
    </Stack>
  );
}

/** "Chain X, ledger Y", and the gap highlighted when the two disagree. */
function Reconciliation({
  kind,
  label,
  onChain,
  ledger,
}: {
  kind: 'members' | 'treasury';
  label: string;
  onChain: string | null;
  ledger: string;
}) {
  const { t } = useT(SWEEPS_NS);
  const gap = reconciliationGap(onChain, ledger);
  return (
    <Stack gap={4} data-testid={`reconcile-${kind}`}>
      <Text size="sm">
        <RichText
          text={t('overview.reconcile', { label })}
          components={{
            label: <b />,
            onChain: onChain === null ? <>{t('overview.unread')}</> : <Money value={onChain} />,
            ledger: <Money value={ledger} />,
          }}
        />
      </Text>
      {gap === null ? (
        onChain !== null && (
          <Badge color="teal" variant="light" style={{ alignSelf: 'flex-start' }}>
            {t('overview.reconciled')}
          </Badge>
        )
      ) : (
        <Badge color="red" variant="filled" style={{ alignSelf: 'flex-start' }} role="status">
          {t('overview.difference', { gap: `${gap.startsWith('-') ? '' : '+'}${formatMoney(gap)}` })}
        </Badge>
      )}
    </Stack>
  );
}
