import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { networkName } from '@sgx/chain/names';
import type { LinkedWallet } from '@sgx/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
import { ApiErrorAlert } from '../../../ui/ApiErrorAlert';
import { serverFieldErrors } from '../../../ui/formErrors';
import { usePayoutAddress, useRefreshPayoutAddress } from '../../payouts/api/payoutAddressApi';
import {
  type CredentialErrors,
  credentialProblems,
  credentialsBody,
  emptyCredentials,
  PayoutCredentialsFields,
} from '../../payouts/components/PayoutCredentialsFields';
import { makePayoutWallet } from '../api/walletsApi';
import { WEB3_NS } from '../i18n';

const mono = { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' } as const;

/**
 * "Use as payout address" (decision 0025): like every payout address change it asks for the password and the
 * authenticator code (or an e-mailed code), and the new address waits for the hold.
 */
export function PayoutWalletDialog({
  wallet,
  onClose,
  onDone,
}: {
  wallet: LinkedWallet | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useT(WEB3_NS);
  const state = usePayoutAddress();
  const refresh = useRefreshPayoutAddress();
  const twoFactor = state.data?.two_factor === true;
  const [credentials, setCredentials] = useState(emptyCredentials);
  const [errors, setErrors] = useState<CredentialErrors>({});
  const make = useMutation({
    mutationFn: (w: LinkedWallet) => makePayoutWallet(w.address, credentialsBody(credentials, twoFactor)),
  });
  const close = () => {
    if (make.isPending) return;
    make.reset();
    setCredentials(emptyCredentials);
    setErrors({});
    onClose();
  };
  const confirm = () => {
    if (wallet === null || state.data === undefined) return;
    const found = credentialProblems(credentials, twoFactor);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    make.mutate(wallet, {
      onSuccess: (res) => {
        refresh();
        onDone(serverText(res.message));
        setCredentials(emptyCredentials);
        onClose();
      },
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  };

  return (
    <Modal
      opened={wallet !== null}
      onClose={close}
      title={t('payout.title')}
      centered
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      {wallet !== null && (
        <Stack gap="sm">
          <Text size="sm">{t('payout.paidTo', { network: networkName('BEP20') })}</Text>
          <Text size="sm" style={mono}>
            {wallet.address}
          </Text>
          <Text size="sm">
            <RichText
              text={t('payout.from')}
              components={{
                address: state.data?.bep20 ? (
                  <span style={mono}>{state.data.bep20}</span>
                ) : (
                  <span>{t('payout.noAddress')}</span>
                ),
              }}
            />
          </Text>
          <Text size="sm" c="dimmed">
            {t('payout.replaces', { hours: state.data?.hold_hours ?? '24' })}
          </Text>
          <PayoutCredentialsFields
            twoFactor={twoFactor}
            value={credentials}
            onChange={setCredentials}
            errors={errors}
          />
          {make.isError && <ApiErrorAlert error={make.error} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={make.isPending}>
              {t('dialog.goBack')}
            </Button>
            <Button onClick={confirm} loading={make.isPending} disabled={state.data === undefined}>
              {t('linked.usePayout')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
