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
import { isEvmAddress, isTronAddress, type PayoutCurrency } from '@sgx/contracts';
import { type FormEvent, useState } from 'react';
import { tr, useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
import { ApiErrorAlert } from '../../../ui/ApiErrorAlert';
import { CopyText } from '../../../ui/CopyText';
import { serverFieldErrors } from '../../../ui/formErrors';
import { LoadError } from '../../../ui/LoadError';
import { SectionCard } from '../../../ui/SectionCard';
import { useChangePayoutAddress, usePayoutAddress } from '../api/payoutAddressApi';
import { PAYOUTS_NS } from '../i18n';
import {
  type CredentialErrors,
  credentialProblems,
  credentialsBody,
  emptyCredentials,
  PayoutCredentialsFields,
} from './PayoutCredentialsFields';
import { PayoutHolds } from './PayoutHolds';

const currencies: PayoutCurrency[] = ['BEP20', 'TRC20'];
/** The switch: the API's currencies, named by address kind (decision 0041: one EVM address serves every EVM chain). */
const currencyOptions = currencies.map((c) => ({ value: c, label: addressKind(c) }));
/** What an address kind is for: "For USDT on Ethereum, BNB Smart Chain, …", "For USDT on TRON (TRC20)". */
const kindHint = (c: PayoutCurrency) =>
  c === 'BEP20'
    ? tr(`${PAYOUTS_NS}:card.hintEvm`, { chains: EVM_CHAIN_NAMES })
    : tr(`${PAYOUTS_NS}:card.hintTron`);
const mono = { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' } as const;

/** The same address rules (and, in English, words) as the server's (packages/contracts). */
function addressProblem(currency: PayoutCurrency, address: string): string | null {
  if (address === '') return null;
  if (currency === 'BEP20') return isEvmAddress(address) ? null : tr(`${PAYOUTS_NS}:card.evmInvalid`);
  return isTronAddress(address) ? null : tr(`${PAYOUTS_NS}:card.tronInvalid`);
}

const same = (a: string | null, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();

/**
 * Profile → Payout addresses (decision 0025): both addresses, the changes on hold with Cancel change, and the
 * change form (password and the authenticator or e-mailed code), confirmed with the old and new address.
 */
export function PayoutAddressesCard({ onSaved }: { onSaved: (message: string) => void }) {
  const { t } = useT(PAYOUTS_NS);
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
          ? t('card.noneToRemove', { kind: addressKind(currency) })
          : t('card.already', { kind: addressKind(currency) });
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
          onSaved(serverText(res.message));
        },
        onError: (error) => setErrors(serverFieldErrors(error)),
        onSettled: () => setConfirming(false),
      },
    );
  };

  return (
    <SectionCard title={t('card.title')} description={t('card.description')} testId="payout-addresses">
      {state.isError && (
        <LoadError
          title={t('card.loadError')}
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
                    {t('card.current', { kind: addressKind(c) })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {kindHint(c)}
                  </Text>
                  {value === null ? (
                    <Text size="sm" c="dimmed">
                      {t('card.notSet')}
                    </Text>
                  ) : (
                    <CopyText value={value} label={t('card.current', { kind: addressKind(c) })} />
                  )}
                </Stack>
              );
            })}
          </SimpleGrid>
          <PayoutHolds pending={data.pending} onCancelled={onSaved} />
          <form onSubmit={submit} noValidate aria-label={t('card.form')}>
            <Stack gap="sm">
              <Text size="sm" fw={600}>
                {t('card.change')}
              </Text>
              <SegmentedControl
                data={currencyOptions}
                value={currency}
                onChange={(v) => setCurrency(v === 'TRC20' ? 'TRC20' : 'BEP20')}
                aria-label={t('card.currency')}
                maw={260}
              />
              <TextInput
                label={t('card.newAddress', { kind: addressKind(currency) })}
                description={t('card.newAddressHint', { hint: kindHint(currency) })}
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
                <Button type="submit">{t('card.submit')}</Button>
              </Group>
            </Stack>
          </form>
        </Stack>
      )}
      <Modal
        opened={confirming}
        onClose={() => !change.isPending && setConfirming(false)}
        title={t('card.confirmTitle', { kind: addressKind(currency) })}
        centered
        closeButtonProps={{ 'aria-label': t('card.closeDialog') }}
      >
        <Stack gap="sm">
          <Text size="sm">
            <RichText
              text={t('card.from')}
              components={{
                address:
                  current === null ? <span>{t('card.noAddress')}</span> : <span style={mono}>{current}</span>,
              }}
            />
          </Text>
          <Text size="sm">
            <RichText
              text={t('card.to')}
              components={{
                address: typed === '' ? <span>{t('card.removed')}</span> : <span style={mono}>{typed}</span>,
              }}
            />
          </Text>
          {typed !== '' && (
            <Text size="sm" c="dimmed">
              {t('card.holdNote', { hours: data?.hold_hours ?? '24' })}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={change.isPending}>
              {t('card.goBack')}
            </Button>
            <Button onClick={confirm} loading={change.isPending}>
              {t('card.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SectionCard>
  );
}
