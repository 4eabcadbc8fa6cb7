import { Table, Text } from '@mantine/core';
import { formatUnits, parseUnits } from '@sgx/money';
import { useT } from '../../../i18n/i18n';
import { formatMoney } from '../../../ui/Money';
import { ADMIN_USERS_NS } from '../i18n';

function units(text: string | null | undefined): bigint | null {
  if (text === null || text === undefined) return null;
  try {
    return parseUnits(text);
  } catch {
    return null;
  }
}

interface BalanceChangeSummaryProps {
  /** What the balance is called ("Business Balance", "Working wallet"). */
  label: string;
  /** The balance now, as decimal text; undefined while it loads. */
  before: string | null | undefined;
  /** The balance after the edit, as decimal text. */
  after: string | null | undefined;
}

/**
 * Every admin balance edit is confirmed against this: the balance before, after, and the difference, exact
 * (bigint units). A dash while the balance is not known yet.
 */
export function BalanceChangeSummary({ label, before, after }: BalanceChangeSummaryProps) {
  const { t } = useT(ADMIN_USERS_NS);
  const b = units(before);
  const a = units(after);
  const diff = a !== null && b !== null ? a - b : null;
  const diffText =
    diff === null
      ? '-'
      : `${diff > 0n ? '+' : diff < 0n ? '-' : ''}${formatMoney(formatUnits(diff < 0n ? -diff : diff))}`;
  const rows = [
    {
      key: 'before',
      name: t('balance.before', { label }),
      value: b === null ? '-' : formatMoney(formatUnits(b)),
    },
    {
      key: 'after',
      name: t('balance.after', { label }),
      value: a === null ? '-' : formatMoney(formatUnits(a)),
    },
    { key: 'difference', name: t('balance.difference'), value: diffText },
  ];
  return (
    <>
      <Table
        aria-label={t('balance.label')}
        withRowBorders={false}
        verticalSpacing={4}
        horizontalSpacing={0}
        fz="sm"
      >
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key} data-testid={`balance-${r.key}`}>
              <Table.Th
                scope="row"
                fw={r.key === 'difference' ? 700 : 400}
                c={r.key === 'difference' ? undefined : 'dimmed'}
              >
                {r.name}
              </Table.Th>
              <Table.Td
                ta="right"
                ff="monospace"
                fw={r.key === 'difference' ? 700 : 500}
                c={
                  r.key !== 'difference' || diff === null || diff === 0n
                    ? undefined
                    : diff > 0n
                      ? 'teal'
                      : 'red'
                }
              >
                {r.value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {a !== null && a < 0n && (
        <Text size="sm" c="red" role="alert">
          {t('balance.belowZero')}
        </Text>
      )}
    </>
  );
}
