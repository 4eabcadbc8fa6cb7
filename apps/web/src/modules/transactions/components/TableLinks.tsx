import { Button, Group } from '@mantine/core';
import { type TransactionTable, transactionTables } from '@sgx/contracts';
import { Link } from 'react-router';
import { sourceLabel } from './explain';

export const tableNames = Object.keys(transactionTables) as TransactionTable[];

export function isTransactionTable(name: string): name is TransactionTable {
  return Object.hasOwn(transactionTables, name);
}

/** Links to the member's income tables (/user/transaction/{table_name}), the current one highlighted. */
export function TableLinks({ current }: { current: string }) {
  return (
    <Group gap={6} wrap="wrap" aria-label="Income kinds" component="nav">
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
