import { Button, Card, Code, Stack, Table, Text, Title } from '@mantine/core';
import { chainName } from '@sgx/chain';
import type { ReserveAddressesResponse } from '@sgx/contracts';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { ApiErrorAlert } from '../../../ui/ApiErrorAlert';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { formatDate } from '../../../ui/format';
import { StaffOnly } from '../../../ui/StaffOnly';
import { TableScroll } from '../../../ui/TableScroll';
import { useRemoveReserve } from '../api/proofAdminApi';
import { PROOF_NS } from '../i18n';
import type { ReserveDraft } from './ReserveAddressForm';

const chainsText = (ids: number[] | null, all: string) =>
  ids === null ? all : ids.map(chainName).join(', ');

/** The proven reserve addresses (remove with a confirmation) and the configured ones not proven yet. */
export function ReserveAddressesAdmin({
  data,
  onUse,
}: {
  data: ReserveAddressesResponse;
  onUse: (d: Partial<ReserveDraft>) => void;
}) {
  const { t } = useT(PROOF_NS);
  const remove = useRemoveReserve();
  const [removing, setRemoving] = useState<{ id: number; address: string } | null>(null);
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={3} fz="lg">
            {t('admin.proven.title')}
          </Title>
          {remove.isError && <ApiErrorAlert error={remove.error} />}
          {data.addresses.length === 0 ? (
            <Text c="dimmed">{t('admin.proven.none')}</Text>
          ) : (
            <TableScroll minWidth={720} label={t('admin.proven.title')}>
              <Table striped data-testid="reserve-addresses">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('reserves.label')}</Table.Th>
                    <Table.Th>{t('reserves.address')}</Table.Th>
                    <Table.Th>{t('admin.proven.chains')}</Table.Th>
                    <Table.Th>{t('admin.proven.signedOn')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.addresses.map((a) => (
                    <Table.Tr key={a.id}>
                      <Table.Td>{a.label}</Table.Td>
                      <Table.Td>
                        <Code>{a.address}</Code>
                      </Table.Td>
                      <Table.Td>{chainsText(a.chain_ids, t('admin.proven.allChains'))}</Table.Td>
                      <Table.Td>{formatDate(a.date)}</Table.Td>
                      <Table.Td>
                        <StaffOnly area="settings">
                          <Button
                            size="xs"
                            color="red"
                            variant="light"
                            onClick={() => setRemoving({ id: a.id, address: a.address })}
                          >
                            {t('admin.proven.remove')}
                          </Button>
                        </StaffOnly>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          )}
        </Stack>
      </Card>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={3} fz="lg">
            {t('admin.candidates.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('admin.candidates.hint')}
          </Text>
          {data.candidates.length === 0 && <Text c="dimmed">{t('admin.candidates.none')}</Text>}
          {data.candidates.map((c) => (
            <Card key={`${c.network}:${c.address}`} withBorder padding="sm" data-testid="reserve-candidate">
              <Stack gap={4}>
                <Text fw={600}>
                  {c.label} · {c.network} · {t('admin.candidates.notProven')}
                </Text>
                <Code>{c.address}</Code>
                {c.message !== null ? (
                  <>
                    <Text size="sm">{t('admin.candidates.sign')}</Text>
                    <Code block>{c.message}</Code>
                    <StaffOnly area="settings">
                      <Button
                        size="xs"
                        variant="light"
                        style={{ alignSelf: 'flex-start' }}
                        onClick={() =>
                          onUse({
                            address: c.address,
                            label: c.label,
                            date: data.today,
                            chain_ids: c.chain_ids?.map(String) ?? [],
                          })
                        }
                      >
                        {t('admin.candidates.use')}
                      </Button>
                    </StaffOnly>
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('reserves.tron')}
                  </Text>
                )}
              </Stack>
            </Card>
          ))}
        </Stack>
      </Card>
      <ConfirmDialog
        opened={removing !== null}
        loading={remove.isPending}
        message={t('admin.proven.confirm', { address: removing?.address ?? '' })}
        confirmLabel={t('admin.proven.remove')}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id, { onSettled: () => setRemoving(null) });
        }}
      />
    </Stack>
  );
}
