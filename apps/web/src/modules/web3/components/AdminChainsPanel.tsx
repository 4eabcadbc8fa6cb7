import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { ChainConfig } from '@sgx/contracts';
import { IconCircleCheck, IconClock, IconPencil } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ApiErrorAlert, isRetryable } from '../../../ui/ApiErrorAlert';
import { ApprovalPendingAlert, isApprovalPending } from '../../../ui/ApprovalPendingAlert';
import { CopyText } from '../../../ui/CopyText';
import { newIdempotencyKey } from '../../../ui/idempotency';
import { monoInput } from '../../../ui/inputStyles';
import { LoadError } from '../../../ui/LoadError';
import { SectionCard } from '../../../ui/SectionCard';
import { PendingChanges, usePendingChanges } from '../../approvals/components/PendingChanges';
import { chainKeys, saveChainSettings, useChains } from '../api/chainsApi';
import {
  type ChainSettingsDraft,
  type ChainSettingsErrors,
  chainSettingsBody,
  chainSettingsChanges,
  chainSettingsErrors,
  draftFrom,
} from '../chainSettings';

/**
 * Admin: the EVM chains deposits are accepted on. Per chain: whether the server reads it, the switch,
 * the stablecoin contract, symbol, decimals and confirmations; every change confirmed, approved by a
 * second admin before it applies (issue 19; shown on the card while it waits) and audited.
 */
export function AdminChainsPanel() {
  const chains = useChains();
  const [editing, setEditing] = useState<{ chain: ChainConfig; draft: ChainSettingsDraft } | null>(null);

  return (
    <SectionCard
      title="Chains"
      description="The EVM chains members deposit on: the stablecoin accepted on each, and how many confirmations credit a deposit."
      testId="chains-panel"
    >
      {chains.isError && (
        <LoadError
          title="Chains could not be loaded"
          error={chains.error}
          onRetry={() => void chains.refetch()}
          loadedAt={chains.dataUpdatedAt}
        />
      )}
      {chains.isPending && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <Skeleton h={200} radius="md" />
          <Skeleton h={200} radius="md" />
        </SimpleGrid>
      )}
      {chains.data !== undefined && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {chains.data.chains.map((c) => (
            <ChainCard
              key={c.id}
              chain={c}
              onEdit={() => setEditing({ chain: c, draft: draftFrom(c) })}
              onToggle={(enabled) => setEditing({ chain: c, draft: { ...draftFrom(c), enabled } })}
            />
          ))}
        </SimpleGrid>
      )}
      <ChainSettingsDialog editing={editing} onClose={() => setEditing(null)} />
    </SectionCard>
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
              Chain id {chain.id}
            </Text>
          </div>
          <Switch
            checked={chain.enabled}
            onChange={(e) => onToggle(e.currentTarget.checked)}
            label={chain.enabled ? 'Enabled' : 'Off'}
            aria-label={`Deposits on ${chain.name}`}
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
            Server reads this chain
          </Badge>
        ) : (
          <Badge
            color="orange"
            variant="light"
            leftSection={<IconClock size={12} />}
            style={{ alignSelf: 'flex-start', height: 'auto', whiteSpace: 'normal' }}
          >
            No node configured: deposits wait for an admin
          </Badge>
        )}
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            Token contract
          </Text>
          <CopyText value={chain.token.address} label={`${chain.name} token contract`} short />
        </Stack>
        <Group gap="lg">
          <Value label="Symbol" value={chain.token.symbol} />
          <Value label="Decimals" value={String(chain.token.decimals)} />
          <Value label="Confirmations" value={String(chain.confirmations)} />
        </Group>
        <ChainPending chainId={chain.id} />
        <Group justify="flex-end">
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPencil size={14} />}
            onClick={onEdit}
            aria-label={`Edit ${chain.name}`}
          >
            Edit
          </Button>
        </Group>
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

interface ChainSettingsDialogProps {
  editing: { chain: ChainConfig; draft: ChainSettingsDraft } | null;
  onClose: () => void;
}

function ChainSettingsDialog({ editing, onClose }: ChainSettingsDialogProps) {
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={editing === null ? 'Chain settings' : `${editing.chain.name} settings`}
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {editing !== null && (
        <ChainSettingsForm
          key={editing.chain.id}
          chain={editing.chain}
          initial={editing.draft}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

/** Edit, then confirm the list of changes; the reason goes to the audit log. */
function ChainSettingsForm({
  chain,
  initial,
  onDone,
}: {
  chain: ChainConfig;
  initial: ChainSettingsDraft;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<ChainSettingsErrors>({});
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const [key, setKey] = useState(newIdempotencyKey);
  const save = useMutation({
    mutationFn: () => saveChainSettings(chain.id, chainSettingsBody(draft), key),
    onSuccess: (res) => {
      queryClient.setQueryData(chainKeys.all, {
        chains: res.chains,
        walletConnectProjectId: res.walletConnectProjectId,
      });
      toast.success(res.message);
      onDone();
    },
  });

  const set = <K extends keyof ChainSettingsDraft>(field: K, value: ChainSettingsDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const review = (e: React.FormEvent) => {
    e.preventDefault();
    const found = chainSettingsErrors(draft, chain);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.reset();
    setKey(newIdempotencyKey());
    setStep('confirm');
  };

  if (step === 'confirm') {
    const body = chainSettingsBody(draft);
    const changes = chainSettingsChanges(chain, body);
    const waiting = isApprovalPending(save.error);
    const failed = save.error !== null && !waiting;
    if (waiting) {
      return (
        <Stack gap="sm">
          <ApprovalPendingAlert pending={save.error} />
          <Group justify="flex-end">
            <Button onClick={onDone}>Close</Button>
          </Group>
        </Stack>
      );
    }
    return (
      <Stack gap="sm">
        {changes.length === 0 ? (
          <Text size="sm">Nothing changes: these are the settings in force.</Text>
        ) : (
          <Table withRowBorders={false} verticalSpacing={4} fz="sm" aria-label="Changes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Setting</Table.Th>
                <Table.Th>Now</Table.Th>
                <Table.Th>After saving</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {changes.map((c) => (
                <Table.Tr key={c.label}>
                  <Table.Td>{c.label}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{c.before}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }} fw={600}>
                    {c.after}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {changes.some((c) => c.label === 'Token contract' || c.label === 'Decimals') && (
          <Alert color="orange" variant="light">
            Deposits are checked against this contract and its decimals: a wrong value refuses real deposits
            or miscounts them.
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          Reason: {body.reason}
        </Text>
        <Text size="sm" c="dimmed">
          A second admin approves this before it applies: until then deposits are checked as now.
        </Text>
        {failed && <ApiErrorAlert error={save.error} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setStep('edit')} disabled={save.isPending}>
            Back to edit
          </Button>
          <Button
            onClick={() => save.mutate()}
            loading={save.isPending}
            disabled={failed && !isRetryable(save.error)}
          >
            {failed && isRetryable(save.error) ? 'Try again' : 'Save changes'}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={review} noValidate aria-label="Chain settings">
      <Stack gap="sm">
        <Switch
          checked={draft.enabled}
          onChange={(e) => set('enabled', e.currentTarget.checked)}
          label="Accept deposits on this chain"
        />
        <TextInput
          label="Token contract"
          description="The stablecoin accepted here (checksummed address)."
          styles={monoInput}
          spellCheck={false}
          autoComplete="off"
          value={draft.token_address}
          onChange={(e) => set('token_address', e.currentTarget.value)}
          error={errors.token_address}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput
            label="Symbol"
            value={draft.token_symbol}
            onChange={(e) => set('token_symbol', e.currentTarget.value)}
            error={errors.token_symbol}
          />
          <TextInput
            label="Decimals"
            inputMode="numeric"
            value={draft.token_decimals}
            onChange={(e) => set('token_decimals', e.currentTarget.value)}
            error={errors.token_decimals}
          />
          <TextInput
            label="Confirmations"
            inputMode="numeric"
            value={draft.confirmations}
            onChange={(e) => set('confirmations', e.currentTarget.value)}
            error={errors.confirmations}
          />
        </SimpleGrid>
        <TextInput
          label="Reason"
          placeholder="Why this change (audit log)"
          value={draft.reason}
          onChange={(e) => set('reason', e.currentTarget.value)}
          error={errors.reason}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Go back
          </Button>
          <Button type="submit">Review changes</Button>
        </Group>
      </Stack>
    </form>
  );
}
