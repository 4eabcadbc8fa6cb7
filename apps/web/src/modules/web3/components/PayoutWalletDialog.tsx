import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { networkName } from '@sgx/chain/names';
import type { LinkedWallet } from '@sgx/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
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

const mono = { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' } as const;

/**
 * "Use as payout address" (issue 13): like every payout address change it asks for the password and the
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
        onDone(res.message);
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
      title="Use as payout address?"
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {wallet !== null && (
        <Stack gap="sm">
          <Text size="sm">Your withdrawals on {networkName('BEP20')} will be paid to:</Text>
          <Text size="sm" style={mono}>
            {wallet.address}
          </Text>
          <Text size="sm">
            From: {state.data?.bep20 ? <span style={mono}>{state.data.bep20}</span> : 'no address'}
          </Text>
          <Text size="sm" c="dimmed">
            It replaces your current payout address. Withdrawals to it are possible only{' '}
            {state.data?.hold_hours ?? '24'} hours after the change; you will get an e-mail about it.
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
              Go back
            </Button>
            <Button onClick={confirm} loading={make.isPending} disabled={state.data === undefined}>
              Use as payout address
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
