import { Alert, Badge, Box, Button, Checkbox, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ChainConfig, SweepCandidate } from '@sgx/contracts';
import { IconArrowsDownUp, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { CopyText } from '../../../ui/CopyText';
import { type Column, DataTable } from '../../../ui/DataTable';
import { LoadError } from '../../../ui/LoadError';
import { formatMoney, Money } from '../../../ui/Money';
import { groupTokenText } from '../../web3/chainOptions';
import { useSweepOverview } from '../api/sweepsApi';
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
  const overview = useSweepOverview(chain.id);
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());

  if (overview.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading member addresses">
        <Skeleton h={60} radius="md" />
        <Skeleton h={180} radius="md" />
      </Stack>
    );
  }
  if (overview.data === undefined) {
    return (
      <LoadError
        title="Member addresses could not be read"
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
          aria-label="Select all"
          checked={allPicked}
          indeterminate={shown.size > 0 && !allPicked}
          disabled={candidates.length === 0 || !canSweep}
          onChange={() => setPicked(toggleAll(candidates, shown))}
        />
      ),
      render: (c) => (
        <Checkbox
          aria-label={`Select ${c.username}`}
          checked={shown.has(c.address)}
          disabled={!canSweep}
          onChange={() => setPicked(toggleOne(shown, c.address))}
        />
      ),
    },
    { key: 'username', header: 'Member', render: (c) => c.username, nowrap: true },
    {
      key: 'address',
      header: 'Address',
      render: (c) => <CopyText value={c.address} label={`${c.username}'s address`} short />,
    },
    {
      key: 'balance',
      header: 'Balance',
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
        <Place label="Deposit factory" name="factory address" value={data.factory} chainName={data.name} />
        <Place
          label="Treasury (sweeps go only here)"
          name="treasury address"
          value={data.treasury}
          chainName={data.name}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" data-testid="sweep-reconciliation">
        <Reconciliation
          label="At member addresses"
          onChain={data.at_member_addresses_on_chain}
          ledger={data.at_member_addresses_ledger}
        />
        <Reconciliation label="Treasury" onChain={data.treasury_on_chain} ledger={data.treasury_ledger} />
      </SimpleGrid>
      {data.message !== null && (
        <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />} role="status">
          {data.message}
        </Alert>
      )}
      <Box data-testid="sweep-candidates">
        <DataTable
          rows={candidates}
          columns={columns}
          rowKey={(c) => c.address}
          caption={`Member addresses holding ${symbol} on ${data.name}`}
          emptyText={`No member address holds ${symbol} on ${data.name}.`}
          minWidth={560}
        />
      </Box>
      {candidates.length > SWEEP_MAX_ADDRESSES && (
        <Text size="xs" c="dimmed">
          One sweep takes at most {SWEEP_MAX_ADDRESSES} addresses: sweep the rest afterwards.
        </Text>
      )}
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" data-testid="sweep-selection">
          {chosen.length === 0
            ? 'Nothing selected.'
            : `${chosen.length} selected: ${formatMoney(sumAmounts(chosen.map((c) => c.amount)))}`}
        </Text>
        <Button
          leftSection={<IconArrowsDownUp size={16} />}
          disabled={!canSweep || chosen.length === 0}
          onClick={() => data.treasury !== null && onSweep(chain, chosen, data.treasury)}
        >
          Sweep selected
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
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {value === null ? (
        <Text size="sm" c="dimmed">
          Not set on {chainName}
        </Text>
      ) : (
        <CopyText value={value} label={name} />
      )}
    </Stack>
  );
}

/** "Chain X, ledger Y", and the gap highlighted when the two disagree. */
function Reconciliation({
  label,
  onChain,
  ledger,
}: {
  label: string;
  onChain: string | null;
  ledger: string;
}) {
  const gap = reconciliationGap(onChain, ledger);
  return (
    <Stack gap={4} data-testid={`reconcile-${label === 'Treasury' ? 'treasury' : 'members'}`}>
      <Text size="sm">
        <b>{label}:</b> chain {onChain === null ? 'could not be read' : <Money value={onChain} />}, ledger{' '}
        <Money value={ledger} />
      </Text>
      {gap === null ? (
        onChain !== null && (
          <Badge color="teal" variant="light" style={{ alignSelf: 'flex-start' }}>
            Reconciled
          </Badge>
        )
      ) : (
        <Badge color="red" variant="filled" style={{ alignSelf: 'flex-start' }} role="status">
          Difference {gap.startsWith('-') ? '' : '+'}
          {formatMoney(gap)}
        </Badge>
      )}
    </Stack>
  );
}
