import { Anchor, Card, Code, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ProofResponse, ProofTree } from '@sgx/contracts';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { formatDate, formatDateTime, formatNumber } from '../../../ui/format';
import { Money } from '../../../ui/Money';
import { TableScroll } from '../../../ui/TableScroll';
import { PROOF_NS } from '../i18n';
import { ProofOnchain } from './ProofOnchain';

function Figure({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} component="div">
        {children}
      </Text>
    </div>
  );
}

/** The latest published tree: day, cut-off, root, totals, members, and whether the root is on chain. */
export function ProofFigures({ published }: { published: ProofResponse }) {
  const { t } = useT(PROOF_NS);
  if (published.root === null) return <Text data-testid="proof-none">{t('public.none')}</Text>;
  return (
    <Card withBorder padding="md" data-testid="proof-latest">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {t('public.latest')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <Figure label={t('public.day')}>{formatDate(published.day)}</Figure>
          <Figure label={t('public.cutoff')}>{formatDateTime(published.cutoff)}</Figure>
          <Figure label={t('public.members')}>{formatNumber(published.leaf_count)}</Figure>
          <Figure label={t('public.totalUsd')} testId="proof-total-usd">
            <Money value={published.totals.USD} />
          </Figure>
          <Figure label={t('public.totalSgx')} testId="proof-total-sgx">
            <Money value={published.totals.SGX} kind="token" />
          </Figure>
          <Figure label={t('public.onchain')}>
            <ProofOnchain published={published} />
          </Figure>
        </SimpleGrid>
        <Figure label={t('public.root')}>
          <Code data-testid="proof-root" style={{ wordBreak: 'break-all' }}>
            {published.root}
          </Code>
        </Figure>
      </Stack>
    </Card>
  );
}

/** Every published tree, newest first. */
export function ProofHistory({ history }: { history: ProofTree[] }) {
  const { t } = useT(PROOF_NS);
  if (history.length === 0) return null;
  return (
    <Card withBorder padding="md">
      <Title order={3} fz="lg" mb="sm">
        {t('public.history')}
      </Title>
      <TableScroll minWidth={640} label={t('public.history')}>
        <Table striped data-testid="proof-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('public.day')}</Table.Th>
              <Table.Th>{t('public.root')}</Table.Th>
              <Table.Th>{t('public.totalUsd')}</Table.Th>
              <Table.Th>{t('public.totalSgx')}</Table.Th>
              <Table.Th>{t('public.members')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.map((h) => (
              <Table.Tr key={h.day}>
                <Table.Td>{formatDate(h.day)}</Table.Td>
                <Table.Td>
                  <Code title={h.root}>{`${h.root.slice(0, 12)}…${h.root.slice(-6)}`}</Code>
                </Table.Td>
                <Table.Td>
                  <Money value={h.totals.USD} />
                </Table.Td>
                <Table.Td>
                  <Money value={h.totals.SGX} kind="token" />
                </Table.Td>
                <Table.Td>{formatNumber(h.leaf_count)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Card>
  );
}

/** What the page can and cannot prove, in plain words, and how a member who is missing complains. */
export function ProofHonesty() {
  const { t } = useT(PROOF_NS);
  return (
    <Card withBorder padding="md" data-testid="proof-honesty">
      <Stack gap="xs">
        <Title order={3} fz="lg">
          {t('honesty.title')}
        </Title>
        <Text>{t('honesty.can')}</Text>
        <Text>{t('honesty.cannot')}</Text>
        <Text>{t('honesty.reserves')}</Text>
        <Text>
          <RichText
            text={t('honesty.complain')}
            components={{ ticket: <Anchor component={Link} to="/user/query/create" /> }}
          />
        </Text>
      </Stack>
    </Card>
  );
}
