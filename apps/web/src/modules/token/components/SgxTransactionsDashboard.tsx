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
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { formatNumber } from '../../../ui/format';
import { Spinner } from '../../../ui/Spinner';
import {
  networkError,
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
import { TOKEN_NS, tokenText } from '../i18n';
import { ClientTable } from './ClientTable';
import {
  historyColumns,
  historyText,
  transactionColumns,
  transactionText,
  UserLink,
} from './SgxDashboardColumns';
import { statusLabel, typeLabel } from './TokenDisplay';
import { refreshedAt } from './TokenPanels';

/** Spec 9: the user-transactions lookup starts at user 1. */
export const DEFAULT_LOOKUP_USER = 1;

const ALL = 'all';
/** The filters' choices, in the member's language (built when drawn). */
const statusOptions = () => [
  { value: ALL, label: tokenText('dashboard.all') },
  ...['completed', 'pending', 'failed'].map((value) => ({ value, label: statusLabel(value) })),
];
const typeOptions = () => [
  { value: ALL, label: tokenText('dashboard.all') },
  ...['BUY', 'SELL'].map((value) => ({ value, label: typeLabel(value) })),
];

/** Loading, the error banner (keeping the rows last loaded), and the table once there is data. */
function QueryState<T>({
  query,
  title,
  children,
}: {
  query: UseQueryResult<T>;
  /** The banner's title: what could not be loaded. */
  title: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useT(TOKEN_NS);
  return (
    <>
      {query.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={title} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{tokenErrorMessage(query.error, networkError())}</Text>
            {query.data !== undefined && (
              <Text size="xs">{t('dashboard.lastLoaded', { time: refreshedAt(query.dataUpdatedAt) })}</Text>
            )}
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              {t('dashboard.retry')}
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
  const { t } = useT(TOKEN_NS);
  return (
    <QueryState query={query} title={t('dashboard.transactionsError')}>
      {(rows) => (
        <ClientTable
          rows={rows}
          columns={transactionColumns({ user: true, hash: false })}
          rowKey={(t) => t.id}
          searchText={transactionText}
          label={t('dashboard.transactionsLabel')}
          emptyText={t('dashboard.noTransactions')}
          toolbar={
            <Group gap="xs" align="flex-end" wrap="wrap">
              <Select
                label={t('dashboard.status')}
                data={statusOptions()}
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
                label={t('dashboard.type')}
                data={typeOptions()}
                value={filters.type ?? ALL}
                onChange={(v) =>
                  setFilters((f) => ({ ...f, type: v === null || v === ALL ? null : (v as TransactionType) }))
                }
                allowDeselect={false}
                w={110}
              />
              <RefreshButton query={query} label={t('dashboard.refreshTransactions')} />
            </Group>
          }
        />
      )}
    </QueryState>
  );
}

function PriceHistory() {
  const query = usePriceHistory();
  const { t } = useT(TOKEN_NS);
  return (
    <QueryState query={query} title={t('dashboard.historyError')}>
      {(rows) => (
        <ClientTable
          rows={rows}
          columns={historyColumns()}
          rowKey={(p) => p.id}
          searchText={historyText}
          label={t('dashboard.historyLabel')}
          emptyText={t('dashboard.noHistory')}
          toolbar={<RefreshButton query={query} label={t('dashboard.refreshHistory')} />}
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
  const { t } = useT(TOKEN_NS);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const id = parseUserId(input);
    if (id === null) {
      setInputError(t('dashboard.userIdError'));
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
            {t('dashboard.lookupTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('dashboard.lookupIntro', { limit: formatNumber(TRANSACTIONS_LIMIT) })}
          </Text>
        </div>
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="xs">
            <TextInput
              label={t('dashboard.userId')}
              inputMode="numeric"
              value={input}
              onChange={(e) => setInput(e.currentTarget.value)}
              error={inputError}
              w={160}
            />
            <Button type="submit" mt={25} leftSection={<IconSearch size={16} />} loading={query.isFetching}>
              {t('dashboard.lookUp')}
            </Button>
          </Group>
        </form>
        <Text size="sm" fw={600}>
          <RichText text={t('dashboard.tradesOf')} components={{ user: <UserLink id={userId} /> }} />
        </Text>
        <QueryState query={query} title={t('dashboard.memberError')}>
          {(rows) => (
            <ClientTable
              rows={rows}
              columns={transactionColumns({ user: false, hash: true })}
              rowKey={(t) => t.id}
              searchText={transactionText}
              label={t('dashboard.memberLabel')}
              emptyText={t('dashboard.memberEmpty')}
            />
          )}
        </QueryState>
      </Stack>
    </Card>
  );
}

/** The token transaction dashboard (spec 2.10). */
export function SgxTransactionsDashboard() {
  const { t } = useT(TOKEN_NS);
  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="md">
        <Tabs defaultValue="transactions" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="transactions" leftSection={<IconArrowsExchange size={16} />}>
              {t('dashboard.allTab')}
            </Tabs.Tab>
            <Tabs.Tab value="history" leftSection={<IconChartLine size={16} />}>
              {t('dashboard.historyTab')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="transactions">
            <Text size="sm" c="dimmed" mb="sm">
              {t('dashboard.allIntro', { limit: formatNumber(TRANSACTIONS_LIMIT) })}
            </Text>
            <AllTransactions />
          </Tabs.Panel>
          <Tabs.Panel value="history">
            <Text size="sm" c="dimmed" mb="sm">
              {t('dashboard.historyIntro', { limit: formatNumber(PRICE_HISTORY_LIMIT) })}
            </Text>
            <PriceHistory />
          </Tabs.Panel>
        </Tabs>
      </Card>
      <MemberLookup />
    </Stack>
  );
}
