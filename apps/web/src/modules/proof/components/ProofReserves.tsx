import {
  Alert,
  Badge,
  Card,
  Code,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { chainName } from '@sgx/chain';
import type { ProofReserve, ProofResponse } from '@sgx/contracts';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../i18n/i18n';
import { formatNumber, localiseDecimal } from '../../../ui/format';
import { Money } from '../../../ui/Money';
import { TableScroll } from '../../../ui/TableScroll';
import { PROOF_NS } from '../i18n';
import { checkReserveSignature } from '../reserves';

const shortAddress = (a: string) => `${a.slice(0, 8)}…${a.slice(-6)}`;

/** A reserve's signature, checked here in the browser: verified, not proven, or still being checked. */
function SignatureCell({ reserve, check }: { reserve: ProofReserve; check: boolean | undefined }) {
  const { t } = useT(PROOF_NS);
  if (reserve.kind === 'member-addresses')
    return (
      <Text size="sm" c="dimmed">
        {t('reserves.memberLine')}
      </Text>
    );
  if (check === undefined) return <Text size="sm">{t('reserves.checking')}</Text>;
  const badge = check ? (
    <Badge color="green" data-testid="reserve-signature-verified">
      {t('reserves.verified')}
    </Badge>
  ) : (
    <Badge color="red" data-testid="reserve-signature-failed">
      {t('reserves.notProven')}
    </Badge>
  );
  return reserve.message ? (
    <Tooltip label={<pre style={{ margin: 0 }}>{reserve.message}</pre>} multiline>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}

/**
 * The reserves held on chain at the cut-off block beside the liabilities, and their ratio. Every proven
 * address's signature is verified here with viem over the message shown, never taken from the server.
 */
export function ProofReserves({ published }: { published: ProofResponse }) {
  const { t } = useT(PROOF_NS);
  const reserves = published.reserves;
  const checks = useQuery({
    queryKey: ['proof', 'signatures', published.day, reserves.map((r) => `${r.address}:${r.signature}`)],
    queryFn: () => Promise.all(reserves.map(checkReserveSignature)),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: reserves.length > 0,
  });
  if (published.root === null) return null;
  return (
    <Card withBorder padding="md" data-testid="proof-reserves">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {t('reserves.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('reserves.description')}
        </Text>
        {reserves.length === 0 ? (
          <Text data-testid="proof-reserves-none">{t('reserves.none')}</Text>
        ) : (
          <TableScroll minWidth={720} label={t('reserves.title')}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('reserves.network')}</Table.Th>
                  <Table.Th>{t('reserves.label')}</Table.Th>
                  <Table.Th>{t('reserves.address')}</Table.Th>
                  <Table.Th>{t('reserves.balance')}</Table.Th>
                  <Table.Th>{t('reserves.signature')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {reserves.map((r, i) => (
                  <Table.Tr key={`${r.chain_id}:${r.address ?? 'members'}`} data-testid="proof-reserve">
                    <Table.Td>{`${r.network} · ${chainName(r.chain_id)}`}</Table.Td>
                    <Table.Td>
                      {r.kind === 'member-addresses'
                        ? t('reserves.memberAddresses', { count: formatNumber(r.address_count ?? 0) })
                        : r.label}
                    </Table.Td>
                    <Table.Td>
                      {r.address ? <Code title={r.address}>{shortAddress(r.address)}</Code> : '—'}
                    </Table.Td>
                    <Table.Td>
                      <Money value={r.balance} />
                      <Text size="xs" c="dimmed" title={r.block_hash}>
                        {t('reserves.atBlock', { block: formatNumber(r.block_number) })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <SignatureCell reserve={r} check={checks.data?.[i]} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {published.reserves_unavailable.map((u) => (
          <Alert key={u.chain_id} color="yellow" data-testid="proof-reserves-unavailable">
            {t('reserves.unavailable', { chain: chainName(u.chain_id), reason: u.reason })}
          </Alert>
        ))}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <div data-testid="proof-reserves-total">
            <Text size="sm" c="dimmed">
              {t('reserves.total')}
            </Text>
            <Money value={published.reserves_total} fw={600} />
          </div>
          <div data-testid="proof-ratio">
            <Text size="sm" c="dimmed">
              {t('reserves.ratio')}
            </Text>
            <Text fw={600}>
              {published.ratio === null ? t('reserves.ratioNone') : localiseDecimal(published.ratio)}
            </Text>
          </div>
        </SimpleGrid>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('reserves.memberNote')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('reserves.tron')}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
