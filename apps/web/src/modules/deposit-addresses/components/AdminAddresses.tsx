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
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { ActionDialog } from '../../../ui/ActionDialog';
import { CopyText } from '../../../ui/CopyText';
import { formatDateTime } from '../../../ui/format';
import { serverFieldErrors } from '../../../ui/formErrors';
import { monoInput } from '../../../ui/inputStyles';
import { LoadError } from '../../../ui/LoadError';
import { SectionCard } from '../../../ui/SectionCard';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { PendingChanges, usePendingChanges } from '../../approvals/components/PendingChanges';
import { useStaffMay } from '../../auth/hooks/useStaffMay';
import { useInvalidateMoney } from '../../wallet/api/walletApi';
import {
  type DepositAddress,
  type NewDepositAddress,
  removeDepositAddress,
  saveDepositAddress,
  useDepositAddresses,
} from '../api/addressesApi';
import { addressText, DEPOSIT_ADDRESSES_NS } from '../i18n';

/** The network switch: the values are the API's currencies, the words the networks (decision 0041). */
const chains = () => [
  { value: 'BEP20', label: addressText('admin.evmChains') },
  { value: 'TRC20', label: networkName('TRC20') },
];
const ALL_EVM = 'all';

export function addressError(currency: 'BEP20' | 'TRC20', address: string): string | null {
  const a = address.trim();
  if (a === '') return addressText('admin.enterAddress');
  if (currency === 'BEP20') {
    return isEvmAddress(a) ? null : addressText('admin.invalidEvm');
  }
  return isTronAddress(a) ? null : addressText('admin.invalidTron');
}

/**
 * Where an address serves, for people: "TRON (TRC20)", "All EVM chains (Ethereum, Polygon, …)", "Polygon only",
 * "BNB Smart Chain (BEP20) only".
 */
export function addressScope(a: { currency: 'BEP20' | 'TRC20'; chain_id: number | null }): string {
  if (a.currency === 'TRC20') return networkName('TRC20');
  return a.chain_id === null
    ? addressText('admin.allEvm', { names: EVM_CHAIN_NAMES })
    : addressText('admin.only', { network: networkName('BEP20', a.chain_id) });
}

interface Slot {
  key: string;
  currency: 'BEP20' | 'TRC20';
  chain_id: number | null;
}

/**
 * Admin: the platform's receiving addresses. TRC20 has one; BEP20 has one for every EVM chain and may have
 * one per chain that overrides it there. Saving replaces the live address of that slot once a second admin
 * approves it (decision 0029; the changes waiting are listed under the addresses); every change audited.
 */
export function AdminAddresses() {
  const mayWrite = useStaffMay('settings');
  const { t } = useT(DEPOSIT_ADDRESSES_NS);
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
      reason: (v) => (v.trim().length < 3 ? t('admin.reasonShort') : null),
      label: (v) => (v.trim().length > 80 ? t('admin.labelLong') : null),
    },
  });
  const save = useConfirmedAction({
    run: (body: NewDepositAddress, key) => saveDepositAddress(body, key),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
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
      toast.success(serverText(res.message));
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
    <SectionCard title={t('admin.title')} description={t('admin.description')} testId="deposit-addresses">
      <Stack gap="md">
        {addresses.isError && (
          <LoadError
            title={t('admin.loadError')}
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
                  {a !== undefined && mayWrite && (
                    <Button
                      size="compact-sm"
                      color="red"
                      variant="subtle"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => remove.open(a)}
                      aria-label={t('admin.removeAria', { scope })}
                    >
                      {t('admin.remove')}
                    </Button>
                  )}
                </Group>
                {a === undefined ? (
                  <Text size="sm" c="dimmed">
                    {addresses.isPending
                      ? t('admin.loading')
                      : slot.currency === 'BEP20'
                        ? t('admin.notSetEvm')
                        : t('admin.notSet')}
                  </Text>
                ) : (
                  <Stack gap={2}>
                    <CopyText value={a.address} label={t('admin.addressOf', { scope })} />
                    <Text size="xs" c="dimmed">
                      {a.label
                        ? t('admin.labelledSet', { label: a.label, date: formatDateTime(a.created_at) })
                        : t('admin.set', { date: formatDateTime(a.created_at) })}
                    </Text>
                  </Stack>
                )}
              </Card>
            );
          })}
        </SimpleGrid>
        <PendingChanges approvals={pending} testId="addresses-pending" />
        {mayWrite && (
          <form onSubmit={onSubmit} noValidate aria-label={t('admin.formLabel')}>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <SegmentedControl
                  data={chains()}
                  aria-label={t('admin.network')}
                  {...form.getInputProps('currency')}
                  onChange={(v) => {
                    form.setFieldValue('currency', v === 'TRC20' ? 'TRC20' : 'BEP20');
                    form.clearFieldError('address');
                  }}
                  style={{ alignSelf: 'end' }}
                />
                {form.values.currency === 'BEP20' && (
                  <Select
                    label={t('admin.chain')}
                    data={[
                      { value: ALL_EVM, label: t('admin.allEvmOption') },
                      ...Object.keys(CHAIN_NAMES).map((id) => ({
                        value: id,
                        label: t('admin.only', { network: networkName('BEP20', Number(id)) }),
                      })),
                    ]}
                    allowDeselect={false}
                    {...form.getInputProps('chain')}
                  />
                )}
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={t('admin.address')}
                  placeholder={form.values.currency === 'BEP20' ? t('admin.addressPlaceholder') : 'T…'}
                  styles={monoInput}
                  spellCheck={false}
                  autoComplete="off"
                  {...form.getInputProps('address')}
                />
                <TextInput
                  label={t('admin.label')}
                  placeholder={t('admin.labelPlaceholder')}
                  {...form.getInputProps('label')}
                />
              </SimpleGrid>
              <TextInput
                label={t('admin.reason')}
                placeholder={t('admin.reasonPlaceholder')}
                {...form.getInputProps('reason')}
              />
              <Group justify="flex-end">
                <Button type="submit">{t('admin.save')}</Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
      <ActionDialog action={save} title={t('admin.saveTitle')} confirmLabel={t('admin.save')}>
        {save.payload !== null && (
          <Stack gap="xs">
            <Text size="sm">
              {t('admin.willSend', {
                what:
                  save.payload.currency === 'TRC20'
                    ? networkLabel('TRC20')
                    : save.payload.chain_id === undefined
                      ? t('admin.everyEvm')
                      : networkLabel('BEP20', save.payload.chain_id),
              })}
            </Text>
            <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
              {save.payload.address}
            </Text>
            {replacing !== undefined && (
              <Alert color="orange" variant="light">
                {t('admin.replaces', { scope: addressScope(replacing), address: replacing.address })}
              </Alert>
            )}
            <Text size="sm" c="dimmed">
              {t('admin.checkEvery')}
            </Text>
          </Stack>
        )}
      </ActionDialog>
      <ActionDialog
        action={remove}
        title={t('admin.removeTitle')}
        confirmLabel={t('admin.remove')}
        color="red"
      >
        {remove.payload !== null && (
          <Text size="sm">
            {t('admin.removeAsk', { scope: addressScope(remove.payload), address: remove.payload.address })}{' '}
            {remove.payload.currency === 'BEP20' && remove.payload.chain_id !== null
              ? t('admin.removeFallback', { network: networkName('BEP20', remove.payload.chain_id) })
              : t('admin.removeNone')}
          </Text>
        )}
      </ActionDialog>
    </SectionCard>
  );
}
