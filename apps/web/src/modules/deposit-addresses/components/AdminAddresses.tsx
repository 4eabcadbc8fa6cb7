import {
  Alert,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
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
import { useInvalidateMoney } from '../../wallet/api/walletApi';
import {
  type DepositAddress,
  type NewDepositAddress,
  removeDepositAddress,
  saveDepositAddress,
  useDepositAddresses,
} from '../api/addressesApi';

const chains = ['BEP20', 'TRC20'] as const;

export function addressError(currency: 'BEP20' | 'TRC20', address: string): string | null {
  const a = address.trim();
  if (a === '') return 'Enter the address.';
  if (currency === 'BEP20') {
    return isEvmAddress(a)
      ? null
      : 'Enter a valid BEP20 address (0x and 40 hex digits with a valid EIP-55 checksum).';
  }
  return isTronAddress(a) ? null : 'Enter a valid TRC20 address (34 characters starting with T).';
}

/** Admin: the platform's receiving address per chain; saving one replaces the live one; every change audited. */
export function AdminAddresses() {
  const addresses = useDepositAddresses();
  const invalidate = useInvalidateMoney();
  const form = useForm({
    mode: 'controlled',
    initialValues: { currency: 'BEP20' as 'BEP20' | 'TRC20', address: '', label: '', reason: '' },
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
      ...(label !== '' ? { label } : {}),
    });
  });
  const current = (c: 'BEP20' | 'TRC20') => addresses.data?.find((a) => a.currency === c);
  const replacing = save.payload === null ? undefined : current(save.payload.currency);

  return (
    <SectionCard
      title="Deposit addresses"
      description="Members send USDT to these addresses. One live address per network; a new one replaces it."
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
          {chains.map((c) => {
            const a = current(c);
            return (
              <Card key={c} withBorder radius="md" padding="sm" data-testid={`address-${c}`}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={700}>{c}</Text>
                  {a !== undefined && (
                    <Button
                      size="compact-sm"
                      color="red"
                      variant="subtle"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => remove.open(a)}
                      aria-label={`Remove ${c} address`}
                    >
                      Remove
                    </Button>
                  )}
                </Group>
                {a === undefined ? (
                  <Text size="sm" c="dimmed">
                    {addresses.isPending ? 'Loading…' : 'Not set: members cannot deposit on this network.'}
                  </Text>
                ) : (
                  <Stack gap={2}>
                    <CopyText value={a.address} label={`${c} address`} />
                    <Text size="xs" c="dimmed">
                      {a.label ? `${a.label} · ` : ''}set {formatDateTime(a.created_at)}
                    </Text>
                  </Stack>
                )}
              </Card>
            );
          })}
        </SimpleGrid>
        <form onSubmit={onSubmit} noValidate aria-label="Set deposit address">
          <Stack gap="sm">
            <SegmentedControl
              data={[...chains]}
              aria-label="Network"
              {...form.getInputProps('currency')}
              onChange={(v) => {
                form.setFieldValue('currency', v === 'TRC20' ? 'TRC20' : 'BEP20');
                form.clearFieldError('address');
              }}
              w={{ base: '100%', xs: 240 }}
            />
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
            <Text size="sm">Members will send {save.payload.currency} deposits to:</Text>
            <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
              {save.payload.address}
            </Text>
            {replacing !== undefined && (
              <Alert color="orange" variant="light">
                This replaces the current {save.payload.currency} address {replacing.address}.
              </Alert>
            )}
            <Text size="sm" c="dimmed">
              Check every character: funds sent to a wrong address are lost.
            </Text>
          </Stack>
        )}
      </ActionDialog>
      <ActionDialog action={remove} title="Remove deposit address" confirmLabel="Remove" color="red">
        {remove.payload !== null && (
          <Text size="sm">
            Remove the {remove.payload.currency} address {remove.payload.address}? Members cannot deposit on{' '}
            {remove.payload.currency} until a new one is set.
          </Text>
        )}
      </ActionDialog>
    </SectionCard>
  );
}
