import {
  Button,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { addressKind, EVM_CHAIN_NAMES } from '@sgx/chain/names';
import {
  EVM_ADDRESS_MESSAGE,
  isEvmAddress,
  isTronAddress,
  type PayoutCurrency,
  TRON_ADDRESS_MESSAGE,
} from '@sgx/contracts';
import { type FormEvent, useState } from 'react';
import { ApiErrorAlert } from '../../../ui/ApiErrorAlert';
import { CopyText } from '../../../ui/CopyText';
import { serverFieldErrors } from '../../../ui/formErrors';
import { LoadError } from '../../../ui/LoadError';
import { SectionCard } from '../../../ui/SectionCard';
import { useChangePayoutAddress, usePayoutAddress } from '../api/payoutAddressApi';
import {
  type CredentialErrors,
  credentialProblems,
  credentialsBody,
  emptyCredentials,
  PayoutCredentialsFields,
} from './PayoutCredentialsFields';
import { PayoutHolds } from './PayoutHolds';

const currencies: PayoutCurrency[] = ['BEP20', 'TRC20'];
/** The switch: the API's currencies, named by address kind (issue 22: one EVM address serves every EVM chain). */
const currencyOptions = currencies.map((c) => ({ value: c, label: addressKind(c) }));
const kindHint: Record<PayoutCurrency, string> = {
  BEP20: `For USDT on ${EVM_CHAIN_NAMES}`,
  TRC20: 'For USDT on TRON (TRC20)',
};
const mono = { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' } as const;

/** The same address rules as the server's (packages/contracts). */
function addressProblem(currency: PayoutCurrency, address: string): string | null {
  if (address === '') return null;
  if (currency === 'BEP20') return isEvmAddress(address) ? null : EVM_ADDRESS_MESSAGE;
  return isTronAddress(address) ? null : TRON_ADDRESS_MESSAGE;
}

const same = (a: string | null, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();

/**
 * Profile → Payout addresses (issue 13): both addresses, the changes on hold with Cancel change, and the
 * change form (password and the authenticator or e-mailed code), confirmed with the old and new address.
 */
export function PayoutAddressesCard({ onSaved }: { onSaved: (message: string) => void }) {
  const state = usePayoutAddress();
  const change = useChangePayoutAddress();
  const [currency, setCurrency] = useState<PayoutCurrency>('BEP20');
  const [address, setAddress] = useState('');
  const [credentials, setCredentials] = useState(emptyCredentials);
  const [errors, setErrors] = useState<CredentialErrors & { address?: string }>({});
  const [confirming, setConfirming] = useState(false);

  const data = state.data;
  const twoFactor = data?.two_factor === true;
  const current = data === undefined ? null : currency === 'BEP20' ? data.bep20 : data.trc20;
  const typed = address.trim();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (data === undefined) return;
    const found: CredentialErrors & { address?: string } = credentialProblems(credentials, twoFactor);
    const problem = addressProblem(currency, typed);
    if (problem !== null) found.address = problem;
    else if (same(current, typed))
      found.address =
        typed === ''
          ? `You have no ${addressKind(currency)} address to remove.`
          : `That is already your ${addressKind(currency)} address.`;
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };

  const confirm = () => {
    change.mutate(
      { currency, address: typed, ...credentialsBody(credentials, twoFactor) },
      {
        onSuccess: (res) => {
          setAddress('');
          setCredentials(emptyCredentials);
          setErrors({});
          onSaved(res.message);
        },
        onError: (error) => setErrors(serverFieldErrors(error)),
        onSettled: () => setConfirming(false),
      },
    );
  };

  return (
    <SectionCard
      title="Payout addresses"
      description="Withdrawals are paid only to these addresses. A new address can receive withdrawals only after a hold, and you are told of every change by e-mail."
      testId="payout-addresses"
    >
      {state.isError && (
        <LoadError
          title="Payout addresses could not be loaded"
          error={state.error}
          onRetry={() => void state.refetch()}
          loadedAt={state.dataUpdatedAt}
        />
      )}
      {state.isPending && <Skeleton h={96} radius="md" />}
      {data !== undefined && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {currencies.map((c) => {
              const value = c === 'BEP20' ? data.bep20 : data.trc20;
              return (
                <Stack key={c} gap={2} data-testid={`payout-current-${c}`}>
                  <Text size="sm" fw={600}>
                    {addressKind(c)} payout address
                  </Text>
                  <Text size="xs" c="dimmed">
                    {kindHint[c]}
                  </Text>
                  {value === null ? (
                    <Text size="sm" c="dimmed">
                      Not set
                    </Text>
                  ) : (
                    <CopyText value={value} label={`${addressKind(c)} payout address`} />
                  )}
                </Stack>
              );
            })}
          </SimpleGrid>
          <PayoutHolds pending={data.pending} onCancelled={onSaved} />
          <form onSubmit={submit} noValidate aria-label="Change payout address">
            <Stack gap="sm">
              <Text size="sm" fw={600}>
                Change an address
              </Text>
              <SegmentedControl
                data={currencyOptions}
                value={currency}
                onChange={(v) => setCurrency(v === 'TRC20' ? 'TRC20' : 'BEP20')}
                aria-label="Payout currency"
                maw={260}
              />
              <TextInput
                label={`New ${addressKind(currency)} address`}
                description={`${kindHint[currency]}. Leave it empty to remove the address.`}
                placeholder={currency === 'BEP20' ? '0x…' : 'T…'}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                spellCheck={false}
                autoComplete="off"
                value={address}
                onChange={(e) => setAddress(e.currentTarget.value)}
                error={errors.address}
              />
              <PayoutCredentialsFields
                twoFactor={twoFactor}
                value={credentials}
                onChange={setCredentials}
                errors={errors}
              />
              {change.isError && <ApiErrorAlert error={change.error} />}
              <Group justify="flex-end">
                <Button type="submit">Change address</Button>
              </Group>
            </Stack>
          </form>
        </Stack>
      )}
      <Modal
        opened={confirming}
        onClose={() => !change.isPending && setConfirming(false)}
        title={`Change your ${addressKind(currency)} payout address?`}
        centered
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <Stack gap="sm">
          <Text size="sm">From: {current === null ? 'no address' : <span style={mono}>{current}</span>}</Text>
          <Text size="sm">
            To: {typed === '' ? 'no address (removed)' : <span style={mono}>{typed}</span>}
          </Text>
          {typed !== '' && (
            <Text size="sm" c="dimmed">
              Withdrawals to the new address are possible only {data?.hold_hours ?? '24'} hours after the
              change. Until then you can cancel it here. You will get an e-mail about the change.
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={change.isPending}>
              Go back
            </Button>
            <Button onClick={confirm} loading={change.isPending}>
              Change address
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SectionCard>
  );
}
