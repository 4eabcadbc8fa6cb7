import { Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { MemberAddressChain, MemberDepositAddress } from '@sgx/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import { useT } from '../../../i18n/i18n';
import { shortText } from '../../../ui/CopyText';
import { DEPOSIT_ADDRESSES_NS } from '../i18n';
import {
  creditText,
  minimumText,
  ownAddressChainNames,
  ownAddressNotice,
  ownAddressTitle,
} from '../ownAddressText';
import { AddressCode } from './AddressCode';

/**
 * One of the member's own deposit addresses: the networks it accepts, the address with its QR code and Copy
 * button, and per network the token, the minimum and how it is credited.
 */
export function OwnAddressCard({ address: a }: { address: MemberDepositAddress }) {
  const { t } = useT(DEPOSIT_ADDRESSES_NS);
  const title = ownAddressTitle(a);
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      data-testid="own-deposit-address"
      data-network={a.network}
      aria-label={t('own.cardLabel', { title })}
      component="section"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} fz="md">
              {title}
            </Title>
            {a.network === 'EVM' && (
              <Text size="xs" c="dimmed" data-testid="own-deposit-address-chains">
                {ownAddressChainNames(a)}
              </Text>
            )}
          </Stack>
          <Badge variant="light" size="lg" style={{ flexShrink: 0 }}>
            {a.token.symbol}
          </Badge>
        </Group>
        <Stack align="center" gap="sm">
          <AddressCode
            address={a.address}
            qrLabel={t('own.qr', { title })}
            testId="own-deposit-address-value"
          />
        </Stack>
        <Alert color="indigo" variant="light" icon={<IconInfoCircle size={18} />} p="sm">
          <Text size="sm">{ownAddressNotice(a)}</Text>
        </Alert>
        <Stack
          gap="xs"
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('own.networks')}
        >
          {a.chains.map((c) => (
            <ChainTerms key={c.chain_id} chain={c} />
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

/** One network's terms: its name, the token contract, the minimum and how a transfer is credited. */
function ChainTerms({ chain: c }: { chain: MemberAddressChain }) {
  const { t } = useT(DEPOSIT_ADDRESSES_NS);
  const minimum = minimumText(c);
  return (
    <li data-testid="own-deposit-address-chain" data-chain-id={c.chain_id}>
      <Text size="sm">
        <Text span fw={600} inherit>
          {c.name}
        </Text>
        <Text span c={c.verified ? 'dimmed' : 'orange.9'} size="xs">
          {' · '}
          {creditText(c)}
        </Text>
      </Text>
      {minimum !== null && (
        <Text size="xs" c="dimmed">
          {minimum}
        </Text>
      )}
      <Text size="xs" c="dimmed" ff="monospace" title={c.token_address}>
        {t('own.contract', { symbol: c.token_symbol, address: shortText(c.token_address, 6, 4) })}
      </Text>
    </li>
  );
}
