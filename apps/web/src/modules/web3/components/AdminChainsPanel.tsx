import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Switch, Text } from '@mantine/core';
import type { ChainConfig } from '@sgx/contracts';
import { IconCircleCheck, IconClock, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { CopyText } from '../../../ui/CopyText';
import { LoadError } from '../../../ui/LoadError';
import { formatMoney } from '../../../ui/Money';
import { SectionCard } from '../../../ui/SectionCard';
import { StaffOnly } from '../../../ui/StaffOnly';
import { PendingChanges, usePendingChanges } from '../../approvals/components/PendingChanges';
import { useChains } from '../api/chainsApi';
import { type ChainSettingsDraft, draftFrom } from '../chainSettings';
import { WEB3_NS } from '../i18n';
import { ChainSettingsDialog } from './ChainSettingsDialog';

/**
 * Admin: the chains deposits are accepted on, the EVM ones and TRON. Per chain: whether the server reads it,
 * the switch, the stablecoin contract, symbol, decimals, confirmations, the minimum deposit and the factory of
 * members' own addresses (decision 0033) with its treasury; every change confirmed, approved by a second admin
 * before it applies (decision 0029; shown on the card while it waits) and audited.
 */
export function AdminChainsPanel() {
  const { t } = useT(WEB3_NS);
  const chains = useChains();
  const [editing, setEditing] = useState<{ chain: ChainConfig; draft: ChainSettingsDraft } | null>(null);

  return (
    <SectionCard title={t('chains.title')} description={t('chains.description')} testId="chains-panel">
      <ChainsLoadError chains={chains} />
      {chains.isPending && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <Skeleton h={200} radius="md" />
          <Skeleton h={200} radius="md" />
        </SimpleGrid>
      )}
      {chains.data !== undefined && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {(chains.data.tron === null ? chains.data.chains : [...chains.data.chains, chains.data.tron]).map(
            (c) => (
              <ChainCard
                key={c.id}
                chain={c}
                onEdit={() => setEditing({ chain: c, draft: draftFrom(c) })}
                onToggle={(enabled) => setEditing({ chain: c, draft: { ...draftFrom(c), enabled } })}
              />
            ),
          )}
        </SimpleGrid>
      )}
      <ChainSettingsDialog editing={editing} onClose={() => setEditing(null)} />
    </SectionCard>
  );
}

/** The chains' read failed: why, and Retry (the panels that list chains share it). */
export function ChainsLoadError({ chains }: { chains: ReturnType<typeof useChains> }) {
  const { t } = useT(WEB3_NS);
  if (!chains.isError) return null;
  return (
    <LoadError
      title={t('chains.loadError')}
      error={chains.error}
      onRetry={() => void chains.refetch()}
      loadedAt={chains.dataUpdatedAt}
    />
  );
}

function ChainCard({
  chain,
  onEdit,
  onToggle,
}: {
  chain: ChainConfig;
  onEdit: () => void;
  onToggle: (enabled: boolean) => void;
}) {
  const { t } = useT(WEB3_NS);
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      data-testid={`chain-${chain.id}`}
      aria-label={chain.name}
      component="article"
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={700}>{chain.name}</Text>
            <Text size="xs" c="dimmed">
              {t('chains.chainId', { id: chain.id })}
            </Text>
          </div>
          <Switch
            checked={chain.enabled}
            onChange={(e) => onToggle(e.currentTarget.checked)}
            label={chain.enabled ? t('chains.enabled') : t('chains.off')}
            aria-label={t('chains.depositsOn', { chain: chain.name })}
            labelPosition="left"
          />
        </Group>
        {chain.verified ? (
          <Badge
            color="teal"
            variant="light"
            leftSection={<IconCircleCheck size={12} />}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('chains.serverReads')}
          </Badge>
        ) : (
          <Badge
            color="orange"
            variant="light"
            leftSection={<IconClock size={12} />}
            style={{ alignSelf: 'flex-start', height: 'auto', whiteSpace: 'normal' }}
          >
            {t('chains.noNode')}
          </Badge>
        )}
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t('chains.tokenContract')}
          </Text>
          <CopyText
            value={chain.token.address}
            label={t('chains.tokenContractOf', { chain: chain.name })}
            short
          />
        </Stack>
        <Group gap="lg">
          <Value label={t('chains.symbol')} value={chain.token.symbol} />
          <Value label={t('chains.decimals')} value={String(chain.token.decimals)} />
          <Value label={t('chains.confirmations')} value={String(chain.confirmations)} />
          <Value label={t('chains.minimum')} value={formatMoney(chain.min_deposit)} />
        </Group>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t('chains.factory')}
          </Text>
          {chain.forwarder_factory === null ? (
            <Text size="sm" c="dimmed">
              {t('chains.noFactory')}
            </Text>
          ) : (
            <CopyText
              value={chain.forwarder_factory}
              label={t('chains.factoryOf', { chain: chain.name })}
              short
            />
          )}
        </Stack>
        {chain.treasury !== null && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('chains.treasury')}
            </Text>
            <CopyText value={chain.treasury} label={t('chains.treasuryOf', { chain: chain.name })} short />
          </Stack>
        )}
        <ChainPending chainId={chain.id} />
        <StaffOnly area="settings">
          <Group justify="flex-end">
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPencil size={14} />}
              onClick={onEdit}
              aria-label={t('chains.editAria', { chain: chain.name })}
            >
              {t('chains.edit')}
            </Button>
          </Group>
        </StaffOnly>
      </Stack>
    </Card>
  );
}

function ChainPending({ chainId }: { chainId: number }) {
  const pending = usePendingChanges('chain_settings', chainId);
  return <PendingChanges approvals={pending} testId={`chain-${chainId}-pending`} />;
}

function Value({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </div>
  );
}
