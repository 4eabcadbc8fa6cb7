import {
  Alert,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { CHAIN_NAMES, EVM_CHAIN_NAMES, networkLabel, networkName } from '@sgx/chain/names';
import { isEvmAddress, isTronAddress } from '@sgx/contracts';
import { IconTrash } from '@tabler/icons-react';
import toast from 'react-hot-toast';
import { ActionDialog } from '../../../ui/ActionDialog';
import { CopyText } from '../../../ui/CopyText';
import { formatDateTime } from '../../../ui/format';
import { serverFieldErrors } from '../../../ui/formErrors';
import { monoInput } from '../../../ui/inputStyles';
import { LoadError } from '../../../ui/LoadError';
import { SectionCard } from '../../../ui/SectionCard';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { PendingChanges, usePendingChanges } from '../../approvals/components/PendingChanges';
import { useInvalidateMoney } from '../../wallet/api/walletApi';
import {
  type DepositAddress,
  type NewDepositAddress,
  removeDepositAddress,
  saveDepositAddress,
  useDepositAddresses,
} from '../api/addressesApi';

/** The network switch: the values are the API's currencies, the words the networks (issue 22). */
const chains = [
  { value: 'BEP20', label: 'EVM chains' },
  { value: 'TRC20', label: networkName('TRC20') },
];
const ALL_EVM = 'all';

export function addressError(currency: 'BEP20' | 'TRC20', address: string): string | null {
  const a = address.trim();
  if (a === '') return 'Enter the address.';
  if (currency === 'BEP20') {
    return isEvmAddress(a)
      ? null
      : 'Enter a valid EVM address (0x and 40 hex digits with a valid EIP-55 checksum).';
  }
  return isTronAddress(a) ? null : 'Enter a valid TRON address (34 characters starting with T).';
}

/**
 * Where an address serves, for people: "TRON (TRC20)", "All EVM chains (Ethereum, Polygon, …)", "Polygon only",
 * "BNB Smart Chain (BEP20) only".
 */
export function addressScope(a: { currency: 'BEP20' | 'TRC20'; chain_id: number | null }): string {
  if (a.currency === 'TRC20') return networkName('TRC20');
  return a.chain_id === null
    ? `All EVM chains (${EVM_CHAIN_NAMES})`
    : `${networkName('BEP20', a.chain_id)} only`;
}

interface Slot {
  key: string;
  currency: 'BEP20' | 'TRC20';
  chain_id: number | null;
}

/**
 * Admin: the platform's receiving addresses. TRC20 has one; BEP20 has one for every EVM chain and may have
 * one per chain that overrides it there. Saving replaces the live address of that slot once a second admin
 * approves it (issue 19; the changes waiting are listed under the addresses); every change audited.
 */
export function AdminAddresses() {
  const addresses = useDepositAddresses();
  const pending = usePendingChanges('deposit_address');
  const invalidate = useInvalidateMoney();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      currency: 'BEP20' as 'BEP20' | 'TRC20',
      chain: ALL_EVM,
      address: '',
      label: '',
      reason: '',
    },
    validate: {
      address: (v, values) => addressError(values.currency, v),
      reason: (v) =>
        v.trim().length < 3 ? 'Say why (at least 3 characters): it is kept in the audit log.' : null,
      label: (v) => (v.trim().length > 80 ? 'Keep the label under 80 characters.' : null),
    },
  });
  const save = useConfirmedAction({
    run: (body: NewDepositAddress, key) => saveDepositAddress(body, key),
    onSuccess: (res) => {
      toast.success(res.message);
      form.reset();
      invalidate();
    },
    onError: (error) => form.setErrors(serverFieldErrors(error)),
    // Asked for: a second admin approves it; the form is free for the next one.
    onPending: () => form.reset(),
  });
  const remove = useConfirmedAction({
    run: (a: DepositAddress, key) => removeDepositAddress(a.id, key),
    onSuccess: (res) => {
      toast.success(res.message);
      invalidate();
    },
  });

  const onSubmit = form.onSubmit((v) => {
    const label = v.label.trim();
    save.open({
      currency: v.currency,
      address: v.address.trim(),
      reason: v.reason.trim(),
      ...(v.currency === 'BEP20' && v.chain !== ALL_EVM ? { chain_id: Number(v.chain) } : {}),
      ...(label !== '' ? { label } : {}),
    });
  });
  const live = addresses.data ?? [];
  const current = (currency: 'BEP20' | 'TRC20', chainId: number | null) =>
    live.find((a) => a.currency === currency && (currency === 'TRC20' || a.chain_id === chainId));
  const slots: Slot[] = [
    { key: 'BEP20', currency: 'BEP20', chain_id: null },
    ...live
      .filter((a) => a.currency === 'BEP20' && a.chain_id !== null)
      .map((a) => ({ key: `BEP20-${a.chain_id}`, currency: 'BEP20' as const, chain_id: a.chain_id })),
    { key: 'TRC20', currency: 'TRC20', chain_id: null },
  ];
  const replacing =
    save.payload === null ? undefined : current(save.payload.currency, save.payload.chain_id ?? null);

  return (
    <SectionCard
      title="Deposit addresses"
      description="Members send USDT to these addresses. One EVM address serves every EVM chain unless a chain has its own; a new address replaces the live one of its slot."
      testId="deposit-addresses"
    >
      <Stack gap="md">
        {addresses.isError && (
          <LoadError
            title="Addresses could not be loaded"
            error={addresses.error}
            onRetry={() => void addresses.refetch()}
          />
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {slots.map((slot) => {
            const a = current(slot.currency, slot.chain_id);
            const scope = addressScope(slot);
            return (
              <Card key={slot.key} withBorder radius="md" padding="sm" data-testid={`address-${slot.key}`}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={700}>{scope}</Text>
                  {a !== undefined && (
                    <Button
                      size="compact-sm"
                      color="red"
                      variant="subtle"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => remove.open(a)}
                      aria-label={`Remove ${scope} address`}
                    >
                      Remove
                    </Button>
                  )}
                </Group>
                {a === undefined ? (
                  <Text size="sm" c="dimmed">
                    {addresses.isPending
                      ? 'Loading…'
                      : slot.currency === 'BEP20'
                        ? 'Not set: members cannot deposit on EVM chains without a chain address of their own.'
                        : 'Not set: members cannot deposit on this network.'}
                  </Text>
                ) : (
                  <Stack gap={2}>
                    <CopyText value={a.address} label={`${scope} address`} />
                    <Text size="xs" c="dimmed">
                      {a.label ? `${a.label} · ` : ''}set {formatDateTime(a.created_at)}
                    </Text>
                  </Stack>
                )}
              </Card>
            );
          })}
        </SimpleGrid>
        <PendingChanges approvals={pending} testId="addresses-pending" />
        <form onSubmit={onSubmit} noValidate aria-label="Set deposit address">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <SegmentedControl
                data={chains}
                aria-label="Network"
                {...form.getInputProps('currency')}
                onChange={(v) => {
                  form.setFieldValue('currency', v === 'TRC20' ? 'TRC20' : 'BEP20');
                  form.clearFieldError('address');
                }}
                style={{ alignSelf: 'end' }}
              />
              {form.values.currency === 'BEP20' && (
                <Select
                  label="Chain"
                  data={[
                    { value: ALL_EVM, label: 'All EVM chains' },
                    ...Object.keys(CHAIN_NAMES).map((id) => ({
                      value: id,
                      label: `${networkName('BEP20', Number(id))} only`,
                    })),
                  ]}
                  allowDeselect={false}
                  {...form.getInputProps('chain')}
                />
              )}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="Address"
                placeholder={form.values.currency === 'BEP20' ? '0x… (checksummed)' : 'T…'}
                styles={monoInput}
                spellCheck={false}
                autoComplete="off"
                {...form.getInputProps('address')}
              />
              <TextInput
                label="Label (optional)"
                placeholder="e.g. Treasury hot wallet"
                {...form.getInputProps('label')}
              />
            </SimpleGrid>
            <TextInput
              label="Reason"
              placeholder="Why this change (audit log)"
              {...form.getInputProps('reason')}
            />
            <Group justify="flex-end">
              <Button type="submit">Save address</Button>
            </Group>
          </Stack>
        </form>
      </Stack>
      <ActionDialog action={save} title="Save deposit address" confirmLabel="Save address">
        {save.payload !== null && (
          <Stack gap="xs">
            <Text size="sm">
              Members will send{' '}
              {save.payload.currency === 'TRC20'
                ? networkLabel('TRC20')
                : save.payload.chain_id === undefined
                  ? 'USDT on every EVM chain without an address of its own'
                  : networkLabel('BEP20', save.payload.chain_id)}{' '}
              to:
            </Text>
            <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
              {save.payload.address}
            </Text>
            {replacing !== undefined && (
              <Alert color="orange" variant="light">
                This replaces the current {addressScope(replacing)} address {replacing.address}.
              </Alert>
            )}
            <Text size="sm" c="dimmed">
              Check every character: funds sent to a wrong address are lost. A second admin approves the
              change before members see it.
            </Text>
          </Stack>
        )}
      </ActionDialog>
      <ActionDialog action={remove} title="Remove deposit address" confirmLabel="Remove" color="red">
        {remove.payload !== null && (
          <Text size="sm">
            Remove the {addressScope(remove.payload)} address {remove.payload.address}?{' '}
            {remove.payload.currency === 'BEP20' && remove.payload.chain_id !== null
              ? `Deposits on ${networkName('BEP20', remove.payload.chain_id)} then go to the all-chains address, if one is set.`
              : 'Members cannot deposit there until a new one is set.'}
          </Text>
        )}
      </ActionDialog>
    </SectionCard>
  );
}
