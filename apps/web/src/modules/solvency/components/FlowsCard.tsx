import { Table, Text } from '@mantine/core';
import type { SolvencyFlows, SolvencyWindow } from '@sgx/contracts';
import { useT } from '../../../i18n/i18n';
import { Money } from '../../../ui/Money';
import { SectionCard } from '../../../ui/SectionCard';
import { TableScroll } from '../../../ui/TableScroll';
import { SOLVENCY_NS } from '../i18n';
import { flowKeys, growthPercent } from '../solvencyMath';

/** The API's growth of a line (its one home: the server), over 7 or 30 days. */
function growthOf(flows: SolvencyFlows, key: keyof SolvencyWindow, span: 7 | 30): string | null {
  return span === 7 ? flows.growth_7[key] : flows.growth_30[key];
}

/** Money in and out: the last 7 and 30 days against the windows before them, with their growth. */
export function FlowsCard({ flows }: { flows: SolvencyFlows }) {
  const { t } = useT(SOLVENCY_NS);
  const growth = (key: keyof SolvencyWindow, span: 7 | 30) => {
    const ratio = growthOf(flows, key, span);
    const text = growthPercent(ratio);
    if (text === null)
      return (
        <Text span size="sm" c="dimmed">
          {t('page.dash')} ({t('page.notEnoughHistory')})
        </Text>
      );
    return (
      <Text span size="sm" fw={600} c={ratio?.startsWith('-') ? 'red' : undefined}>
        {text}
      </Text>
    );
  };
  return (
    <SectionCard title={t('flows.title')} description={t('flows.description')} testId="solvency-flows">
      <TableScroll minWidth={860} label={t('flows.tableLabel')}>
        <Table striped verticalSpacing="xs" aria-label={t('flows.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('flows.measure')}</Table.Th>
              <Table.Th scope="col">{t('flows.last7')}</Table.Th>
              <Table.Th scope="col">{t('flows.prior7')}</Table.Th>
              <Table.Th scope="col">{t('flows.growth7')}</Table.Th>
              <Table.Th scope="col">{t('flows.last30')}</Table.Th>
              <Table.Th scope="col">{t('flows.prior30')}</Table.Th>
              <Table.Th scope="col">{t('flows.growth30')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {flowKeys.map((key) => (
              <Table.Tr key={key} data-flow={key}>
                <Table.Th scope="row">{t(`flows.${key}`)}</Table.Th>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Money value={flows.last_7[key]} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Money value={flows.prior_7[key]} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{growth(key, 7)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Money value={flows.last_30[key]} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Money value={flows.prior_30[key]} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{growth(key, 30)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </SectionCard>
  );
}
