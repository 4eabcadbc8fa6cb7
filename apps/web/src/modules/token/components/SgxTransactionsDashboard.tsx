import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowsExchange,
  IconChartLine,
  IconRefresh,
  IconSearch,
} from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Spinner } from '../../../ui/Spinner';
import {
  NETWORK_ERROR,
  PRICE_HISTORY_LIMIT,
  TRANSACTIONS_LIMIT,
  type TransactionFilters,
  type TransactionStatus,
  type TransactionType,
  tokenErrorMessage,
  usePriceHistory,
  useTokenTransactions,
  useUserTokenTransactions,
} from '../api/tokenApi';
import { ClientTable } from './ClientTable';
import {
  historyColumns,
  historyText,
  transactionColumns,
  transactionText,
  UserLink,
} from './SgxDashboardColumns';
import { refreshedAt } from './TokenPanels';

/** Spec 9: the user-transactions lookup starts at user 1. */
export const DEFAULT_LOOKUP_USER = 1;

const ALL = 'all';
const statusOptions = [
  { value: ALL, label: 'All' },
  { value: 'completed', label: 'completed' },
  { value: 'pending', label: 'pending' },
  { value: 'failed', label: 'failed' },
];
const typeOptions = [
  { value: ALL, label: 'All' },
  { value: 'BUY', label: 'BUY' },
  { value: 'SELL', label: 'SELL' },
];

/** Loading, the error banner (keeping the rows last loaded), and the table once there is data. */
function QueryState<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <>
      {query.isError && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          title={`${what} could not be loaded`}
          role="alert"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{tokenErrorMessage(query.error, NETWORK_ERROR)}</Text>
            {query.data !== undefined && (
              <Text size="xs">Showing the rows as last loaded at {refreshedAt(query.dataUpdatedAt)}.</Text>
            )}
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </Stack>
        </Alert>
      )}
      <Spinner loading={query.isPending && query.fetchStatus !== 'idle'} />
      {query.data !== undefined && children(query.data)}
    </>
  );
}

function RefreshButton({ query, label }: { query: UseQueryResult<unknown>; label: string }) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        onClick={() => void query.refetch()}
        loading={query.isFetching}
      >
        <IconRefresh size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

function AllTransactions() {
  const [filters, setFilters] = useState<TransactionFilters>({ status: null, type: null });
  const query = useTokenTransactions(filters);
  return (
    <QueryState query={query} what="Transactions">
      {(rows) => (
        <ClientTable
          rows={rows}
          columns={transactionColumns({ user: true, hash: false })}
          rowKey={(t) => t.id}
          searchText={transactionText}
          label="transactions"
          emptyText="No SGX transactions yet."
          toolbar={
            <Group gap="xs" align="flex-end" wrap="wrap">
              <Select
                label="Status"
                data={statusOptions}
                value={filters.status ?? ALL}
                onChange={(v) =>
                  setFilters((f) => ({
                    ...f,
                    status: v === null || v === ALL ? null : (v as TransactionStatus),
                  }))
                }
                allowDeselect={false}
                w={140}
              />
              <Select
                label="Type"
                data={typeOptions}
                value={filters.type ?? ALL}
                onChange={(v) =>
                  setFilters((f) => ({ ...f, type: v === null || v === ALL ? null : (v as TransactionType) }))
                }
                allowDeselect={false}
                w={110}
              />
              <RefreshButton query={query} label="Refresh transactions" />
            </Group>
          }
        />
      )}
    </QueryState>
  );
}

function PriceHistory() {
  const query = usePriceHistory();
  return (
    <QueryState query={query} what="Price history">
      {(rows) => (
        <ClientTable
          rows={rows}
          columns={historyColumns}
          rowKey={(p) => p.id}
          searchText={historyText}
          label="price history"
          emptyText="No price changes yet."
          toolbar={<RefreshButton query={query} label="Refresh price history" />}
        />
      )}
    </QueryState>
  );
}

function parseUserId(raw: string): number | null {
  if (!/^\d{1,12}$/.test(raw.trim())) return null;
  const id = Number(raw.trim());
  return id > 0 ? id : null;
}

/** The user-transactions table (spec 2.10): not a tab, but a lookup by user id (default 1). */
function MemberLookup() {
  const [input, setInput] = useState(String(DEFAULT_LOOKUP_USER));
  const [userId, setUserId] = useState<number>(DEFAULT_LOOKUP_USER);
  const [inputError, setInputError] = useState<string | null>(null);
  const query = useUserTokenTransactions(userId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const id = parseUserId(input);
    if (id === null) {
      setInputError('Enter a user number (a whole number above 0).');
      return;
    }
    setInputError(null);
    if (id === userId) void query.refetch();
    else setUserId(id);
  };

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="member-lookup-title">
      <Stack gap="md">
        <div>
          <Title order={3} id="member-lookup-title">
            Look up a member
          </Title>
          <Text size="sm" c="dimmed">
            One member's SGX trades, with their transaction hashes (latest {TRANSACTIONS_LIMIT}).
          </Text>
        </div>
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="xs">
            <TextInput
              label="User ID"
              inputMode="numeric"
              value={input}
              onChange={(e) => setInput(e.currentTarget.value)}
              error={inputError}
              w={160}
            />
            <Button type="submit" mt={25} leftSection={<IconSearch size={16} />} loading={query.isFetching}>
              Look up
            </Button>
          </Group>
        </form>
        <Text size="sm" fw={600}>
          Trades of user <UserLink id={userId} />
        </Text>
        <QueryState query={query} what="Member transactions">
          {(rows) => (
            <ClientTable
              rows={rows}
              columns={transactionColumns({ user: false, hash: true })}
              rowKey={(t) => t.id}
              searchText={transactionText}
              label="member transactions"
              emptyText="This member has no SGX transactions."
            />
          )}
        </QueryState>
      </Stack>
    </Card>
  );
}

/** The token transaction dashboard (spec 2.10). */
export function SgxTransactionsDashboard() {
  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="md">
        <Tabs defaultValue="transactions" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="transactions" leftSection={<IconArrowsExchange size={16} />}>
              All Transactions
            </Tabs.Tab>
            <Tabs.Tab value="history" leftSection={<IconChartLine size={16} />}>
              Price History
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="transactions">
            <Text size="sm" c="dimmed" mb="sm">
              The latest {TRANSACTIONS_LIMIT} trades matching the filters.
            </Text>
            <AllTransactions />
          </Tabs.Panel>
          <Tabs.Panel value="history">
            <Text size="sm" c="dimmed" mb="sm">
              The latest {PRICE_HISTORY_LIMIT} price changes, from trades and manual updates.
            </Text>
            <PriceHistory />
          </Tabs.Panel>
        </Tabs>
      </Card>
      <MemberLookup />
    </Stack>
  );
}
