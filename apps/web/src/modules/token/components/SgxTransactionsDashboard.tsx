import {
  ActionIcon,
  Alert,
  Anchor,
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
import { Link } from 'react-router';
import type { Column } from '../../../ui/DataTable';
import { formatDateTime } from '../../../ui/format';
import { MemberName, memberLabel } from '../../../ui/MemberName';
import { formatMoney, Money } from '../../../ui/Money';
import { Spinner } from '../../../ui/Spinner';
import { profilePath } from '../../users/profilePath';
import {
  NETWORK_ERROR,
  PRICE_HISTORY_LIMIT,
  type PriceHistoryEntry,
  type TokenTransaction,
  TRANSACTIONS_LIMIT,
  type TransactionFilters,
  type TransactionStatus,
  type TransactionType,
  tokenErrorMessage,
  usePriceHistory,
  useTokenTransactions,
  useUserTokenTransactions,
} from '../api/tokenApi';
import { formatPriceUnits, unitsOf } from '../tokenMath';
import { ClientTable } from './ClientTable';
import { Price, TransactionStatusBadge, TransactionTypeBadge } from './TokenDisplay';
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

function priceText(value: string | null): string {
  const u = unitsOf(value);
  return u === null ? '' : formatPriceUnits(u);
}

/** Raw and displayed values of a transaction, for the free-text search. */
function transactionText(t: TokenTransaction): string {
  return [
    `#${t.id}`,
    `user #${t.user_id}`,
    t.username,
    t.fullname,
    t.transaction_type,
    t.token_amount,
    formatMoney(t.token_amount, 'token'),
    t.price_per_token,
    priceText(t.price_per_token),
    t.total_amount,
    formatMoney(t.total_amount),
    t.status,
    t.created_at,
    formatDateTime(t.created_at),
    t.transaction_hash,
  ].join(' ');
}

function historyText(p: PriceHistoryEntry): string {
  return [
    p.price,
    priceText(p.price),
    p.available_tokens ?? 'N/A',
    p.available_tokens === null ? '' : formatMoney(p.available_tokens, 'token'),
    p.change_reason,
    relatedText(p),
    p.created_at,
    formatDateTime(p.created_at),
  ].join(' ');
}

/** Who moved the price, as text: "Asha Rao · SGX399219 #9" (the number kept for the search). */
function byText(p: PriceHistoryEntry): string {
  if (p.user_id === null) return '';
  const who = p.username === null ? '' : `${memberLabel({ fullname: p.fullname, username: p.username })} `;
  return `${who}#${p.user_id}`;
}

function relatedText(p: PriceHistoryEntry): string {
  if (p.transaction_id === null) return p.user_id === null ? 'N/A' : `N/A by ${byText(p)}`;
  return `transaction #${p.transaction_id} by ${p.user_id === null ? '-' : byText(p)}`;
}

/** Who moved the price: by name and username, linking to the member (the number alone if the row has no name). */
function PriceMover({ p }: { p: PriceHistoryEntry }) {
  if (p.user_id === null) return null;
  return p.username === null ? (
    <UserLink id={p.user_id} />
  ) : (
    <MemberName name={p.fullname} username={p.username} id={p.user_id} to={profilePath(p.user_id)} />
  );
}

function UserLink({ id }: { id: number }) {
  return (
    <Anchor component={Link} to={profilePath(id)} size="sm" ff="monospace">
      #{id}
    </Anchor>
  );
}

function transactionColumns(options: { user: boolean; hash: boolean }): Column<TokenTransaction>[] {
  const columns: Column<TokenTransaction>[] = [];
  if (options.user) {
    columns.push({
      key: 'user',
      header: 'Member',
      render: (t) => (
        <MemberName name={t.fullname} username={t.username} id={t.user_id} to={profilePath(t.user_id)} />
      ),
    });
  }
  columns.push(
    {
      key: 'type',
      header: 'Type',
      nowrap: true,
      render: (t) => <TransactionTypeBadge type={t.transaction_type} />,
    },
    {
      key: 'tokens',
      header: 'Tokens',
      nowrap: true,
      render: (t) => <Money value={t.token_amount} kind="token" />,
    },
    {
      key: 'price',
      header: 'Price',
      nowrap: true,
      priority: 3,
      render: (t) => <Price value={t.price_per_token} />,
    },
    {
      key: 'total',
      header: 'Total',
      nowrap: true,
      priority: 2,
      render: (t) => <Money value={t.total_amount} />,
    },
    {
      key: 'status',
      header: 'Status',
      nowrap: true,
      priority: 2,
      render: (t) => <TransactionStatusBadge status={t.status} />,
    },
    { key: 'date', header: 'Date', nowrap: true, priority: 3, render: (t) => formatDateTime(t.created_at) },
  );
  if (options.hash) {
    columns.push({
      key: 'hash',
      header: 'Hash',
      nowrap: true,
      priority: 2,
      render: (t) => (
        <Tooltip label={t.transaction_hash}>
          <Text size="sm" ff="monospace" aria-label={t.transaction_hash}>
            {`${t.transaction_hash.slice(0, 10)}…${t.transaction_hash.slice(-6)}`}
          </Text>
        </Tooltip>
      ),
    });
  }
  return columns;
}

const historyColumns: Column<PriceHistoryEntry>[] = [
  { key: 'price', header: 'Price', nowrap: true, render: (p) => <Price value={p.price} /> },
  {
    key: 'available',
    header: 'Available Tokens',
    nowrap: true,
    priority: 3,
    render: (p) =>
      p.available_tokens === null ? (
        <Text size="sm" c="dimmed">
          N/A
        </Text>
      ) : (
        <Money value={p.available_tokens} kind="token" />
      ),
  },
  { key: 'reason', header: 'Change Reason', priority: 2, render: (p) => p.change_reason },
  {
    key: 'related',
    header: 'Related Transaction',
    priority: 2,
    render: (p) =>
      p.transaction_id === null ? (
        <Text size="sm" c="dimmed">
          N/A
          {p.user_id !== null && (
            <>
              {' '}
              (by <PriceMover p={p} />)
            </>
          )}
        </Text>
      ) : (
        <Text size="sm">
          Transaction #{p.transaction_id}
          {p.user_id !== null && (
            <>
              {' '}
              by <PriceMover p={p} />
            </>
          )}
        </Text>
      ),
  },
  { key: 'date', header: 'Date', nowrap: true, priority: 3, render: (p) => formatDateTime(p.created_at) },
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
