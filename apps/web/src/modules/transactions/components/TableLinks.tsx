import { Button, Group } from '@mantine/core';
import { type TransactionTable, transactionTables } from '@sgx/contracts';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { sourceLabel, TRANSACTIONS_NS } from './explain';

export const tableNames = Object.keys(transactionTables) as TransactionTable[];

export function isTransactionTable(name: string): name is TransactionTable {
  return Object.hasOwn(transactionTables, name);
}

/** Links to the member's income tables (/user/transaction/{table_name}), the current one highlighted. */
export function TableLinks({ current }: { current: string }) {
  const { t } = useT(TRANSACTIONS_NS);
  return (
    <Group gap={6} wrap="wrap" aria-label={t('links.label')} component="nav">
      {tableNames.map((name) => (
        <Button
          key={name}
          component={Link}
          to={`/user/transaction/${name}`}
          size="compact-sm"
          variant={name === current ? 'filled' : 'light'}
          aria-current={name === current ? 'page' : undefined}
        >
          {sourceLabel(transactionTables[name])}
        </Button>
      ))}
    </Group>
  );
}
