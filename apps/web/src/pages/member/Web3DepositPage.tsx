import {
  Anchor,
  Card,
  Group,
  List,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDepositAddresses } from '../../modules/deposit-addresses/api/addressesApi';
import { ReceivingAddress } from '../../modules/deposit-addresses/components/ReceivingAddress';
import { DepositForm } from '../../modules/deposits/components/DepositForm';
import { useMemberId } from '../../modules/wallet/api/useMemberId';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';

type Chain = 'BEP20' | 'TRC20';

/** /user/web3-deposit: where to send USDT (address, QR, copy) and the form to report the transfer. */
export default function Web3DepositPage() {
  const userId = useMemberId();
  const addresses = useDepositAddresses();
  const [currency, setCurrency] = useState<Chain>('BEP20');
  const address = addresses.data?.find((a) => a.currency === currency);

  return (
    <PageShell
      title="Web3 Deposit"
      description="Send USDT to the platform's address, then report the transfer here."
      actions={
        <Anchor component={Link} to="/user/deposit-history" size="sm">
          Deposit history
        </Anchor>
      }
    >
      <SegmentedControl
        value={currency}
        onChange={(v) => setCurrency(v === 'TRC20' ? 'TRC20' : 'BEP20')}
        data={[
          { value: 'BEP20', label: 'BEP20 (BNB Smart Chain)' },
          { value: 'TRC20', label: 'TRC20 (Tron)' },
        ]}
        fullWidth
        maw={520}
        aria-label="Network"
      />
      {addresses.isError && (
        <LoadError
          title="Deposit addresses could not be loaded"
          error={addresses.error}
          onRetry={() => void addresses.refetch()}
          loadedAt={addresses.dataUpdatedAt}
        />
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="sm">
          <Title order={3} fz="lg">
            1. Send to this address
          </Title>
          {addresses.isPending ? (
            <Skeleton h={320} radius="lg" />
          ) : addresses.data !== undefined ? (
            <ReceivingAddress currency={currency} address={address} />
          ) : null}
        </Stack>
        <Stack gap="sm">
          <Title order={3} fz="lg">
            2. Report your transfer
          </Title>
          <Card withBorder radius="lg" padding="md">
            {userId !== null && (
              <DepositForm
                key={currency}
                userId={userId}
                currency={currency}
                enabled={address !== undefined}
              />
            )}
          </Card>
        </Stack>
      </SimpleGrid>
      <Card withBorder radius="lg" padding="md">
        <Title order={3} fz="md" mb="xs">
          What happens next
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>Your deposit shows as pending in your deposit history.</List.Item>
          <List.Item>
            Once the transfer is verified, the amount is credited to your Business Balance and the deposit is
            marked complete. If it cannot be verified, it is declined with a note.
          </List.Item>
          <List.Item>You can cancel a deposit while it is still pending.</List.Item>
        </List>
        <Group mt="xs">
          <Text size="sm" c="dimmed">
            Questions?{' '}
            <Anchor component={Link} to="/user/query/create">
              Raise a query
            </Anchor>
            .
          </Text>
        </Group>
      </Card>
    </PageShell>
  );
}
