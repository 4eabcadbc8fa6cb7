import {
  Alert,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { ChainConfig } from '@sgx/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ApiErrorAlert, isRetryable } from '../../../ui/ApiErrorAlert';
import { ApprovalPendingAlert, isApprovalPending } from '../../../ui/ApprovalPendingAlert';
import { newIdempotencyKey } from '../../../ui/idempotency';
import { monoInput } from '../../../ui/inputStyles';
import { chainKeys, saveChainSettings } from '../api/chainsApi';
import {
  type ChainSettingsDraft,
  type ChainSettingsErrors,
  chainSettingsBody,
  chainSettingsChanges,
  chainSettingsErrors,
} from '../chainSettings';

export interface ChainSettingsDialogProps {
  editing: { chain: ChainConfig; draft: ChainSettingsDraft } | null;
  onClose: () => void;
}

/** A chain's settings: edit, review the changes, save (a second admin approves before they apply). */
export function ChainSettingsDialog({ editing, onClose }: ChainSettingsDialogProps) {
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
    mutationFn: () => saveChainSettings(chain.id, chainSettingsBody(draft, chain), key),
    onSuccess: ({ message, ...chains }) => {
      queryClient.setQueryData(chainKeys.all, chains);
      toast.success(message);
      onDone();
    },
  });

  const set = <K extends keyof ChainSettingsDraft>(field: K, value: ChainSettingsDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** A text field's value, change handler and error. */
  type TextField = Exclude<keyof ChainSettingsDraft, 'enabled'>;
  const bind = (field: TextField) => ({
    value: draft[field] as string,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      set(field, e.currentTarget.value as ChainSettingsDraft[typeof field]),
    error: errors[field],
  });

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
    const body = chainSettingsBody(draft, chain);
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
        {changes.some((c) => c.label === 'Deposit factory') && (
          <Alert color="orange" variant="light">
            Members' own deposit addresses on this chain come from the factory, and sweeps go to the treasury
            it fixes: another factory means other addresses.
          </Alert>
        )}
        {changes.some((c) => c.label === 'Payout contract') && (
          <Alert color="orange" variant="light">
            Approved withdrawals on this chain are paid through this contract, and the server checks every
            payout against its transactions: check the address against its deployment.
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
          description={
            chain.network === 'TRON'
              ? 'The stablecoin accepted here (T... or 0x address).'
              : 'The stablecoin accepted here (checksummed address).'
          }
          styles={monoInput}
          spellCheck={false}
          autoComplete="off"
          {...bind('token_address')}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput label="Symbol" {...bind('token_symbol')} />
          <TextInput label="Decimals" inputMode="numeric" {...bind('token_decimals')} />
          <TextInput label="Confirmations" inputMode="numeric" {...bind('confirmations')} />
        </SimpleGrid>
        <TextInput
          label="Minimum deposit (USD)"
          description="Smaller transfers to a member's own address are recorded and shown, not credited."
          inputMode="decimal"
          {...bind('min_deposit')}
        />
        <TextInput
          label="Deposit factory"
          description="The contract members' own deposit addresses come from; empty removes it."
          styles={monoInput}
          spellCheck={false}
          autoComplete="off"
          placeholder="None"
          {...bind('forwarder_factory')}
        />
        <TextInput
          label="Payout contract"
          description={`The BatchPayout contract approved withdrawals are paid through (${chain.network === 'TRON' ? 'T... or 0x' : '0x'} address); empty removes it.`}
          styles={monoInput}
          spellCheck={false}
          autoComplete="off"
          placeholder="None"
          {...bind('payout_contract')}
        />
        <TextInput
          label="Reason"
          placeholder="Why this change (audit log)"
          {...bind('reason')}
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
