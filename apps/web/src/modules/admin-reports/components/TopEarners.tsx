import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconListNumbers } from '@tabler/icons-react';
import { useState } from 'react';
import { CsvButton } from '../../../ui/CsvButton';
import { DataTable } from '../../../ui/DataTable';
import { LoadError } from '../../../ui/LoadError';
import { MemberName } from '../../../ui/MemberName';
import { Money } from '../../../ui/Money';
import { Spinner } from '../../../ui/Spinner';
import { incomeSources } from '../../income/api/incomeApi';
import { textOf } from '../../income/components/incomeMath';
import { sourceLabel } from '../../transactions/components/explain';
import { profilePath } from '../../users/profilePath';
import { EARNER_MAX_ROWS, earnerQuery, useTopEarners } from '../api/reportsApi';
import { firstDay, lastDay, monthOptions, recentMonths } from './months';

const typeOptions = [
  { value: '', label: 'All income types' },
  ...incomeSources.map((s) => ({ value: s, label: sourceLabel(s) })),
];
const SHOWN = 50;

/**
 * Top earners of one income type in a month range: GET /tr/all (credits, not reversed) read page by page
 * and summed per member in the browser, exactly. The export holds every filtered transaction.
 */
export function TopEarners() {
  const months = recentMonths(24);
  const [source, setSource] = useState<string>('direct_income');
  const [from, setFrom] = useState<string>(months[0] ?? '');
  const [to, setTo] = useState<string>(months[0] ?? '');
  const [applied, setApplied] = useState<URLSearchParams | null>(null);
  const [from2, to2] = from <= to ? [from, to] : [to, from];
  const filter = earnerQuery({ source, from: from2 ? firstDay(from2) : '', to: to2 ? lastDay(to2) : '' });
  const report = useTopEarners(applied);
  const incomeOnly = source === '';
  const data = report.data;

  return (
    <Stack gap="sm">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <Select
          label="Income type"
          data={typeOptions}
          value={source}
          onChange={(v) => setSource(v ?? '')}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
        <Select
          label="From month"
          data={monthOptions(months)}
          value={from}
          onChange={(v) => setFrom(v ?? '')}
          allowDeselect={false}
          w={{ base: '47%', xs: 130 }}
        />
        <Select
          label="To month"
          data={monthOptions(months)}
          value={to}
          onChange={(v) => setTo(v ?? '')}
          allowDeselect={false}
          w={{ base: '47%', xs: 130 }}
        />
        <Button
          leftSection={<IconListNumbers size={16} />}
          onClick={() => {
            setApplied(filter);
            if (applied?.toString() === filter.toString()) void report.refetch();
          }}
          loading={report.isFetching}
        >
          Show top earners
        </Button>
        <CsvButton path="/tr/all" query={filter} name="income-transactions" />
      </Group>
      {incomeOnly && (
        <Text size="xs" c="dimmed">
          All income types: every credit in the range is read, so deposits and transfers count too. Choose a
          type for income alone.
        </Text>
      )}
      {report.isError && (
        <LoadError
          title="Failed to load the income transactions"
          error={report.error}
          onRetry={() => void report.refetch()}
          loadedAt={report.dataUpdatedAt}
        />
      )}
      <Spinner loading={report.isPending && report.fetchStatus !== 'idle'} label="Loading transactions" />
      {applied === null && (
        <Text size="sm" c="dimmed">
          Choose an income type and months, then Show top earners.
        </Text>
      )}
      {data !== undefined && (
        <Stack gap="xs" data-testid="top-earners">
          <Text size="sm" data-testid="top-earners-coverage">
            {data.complete
              ? `Covers all ${data.loaded} transaction${data.loaded === 1 ? '' : 's'} of the filter.`
              : `Covers the ${data.loaded} transactions loaded, of ${data.total} (the first ${EARNER_MAX_ROWS} at most): totals may be low.`}
          </Text>
          {!data.complete && (
            <Alert color="yellow" variant="light">
              Not every transaction was read. Narrow the months for exact totals, or export the CSV.
            </Alert>
          )}
          <DataTable
            rows={data.earners.slice(0, SHOWN).map((e, i) => ({ ...e, rank: i + 1 }))}
            rowKey={(e) => e.user_id}
            minWidth={360}
            emptyText="No income in this range."
            columns={[
              { key: 'rank', header: '#', render: (e) => e.rank },
              {
                key: 'member',
                header: 'Member',
                render: (e) => (
                  <MemberName
                    name={e.fullname}
                    username={e.username}
                    id={e.user_id}
                    to={profilePath(e.user_id)}
                  />
                ),
              },
              { key: 'count', header: 'Credits', render: (e) => e.count, nowrap: true },
              {
                key: 'total',
                header: 'Total',
                render: (e) => <Money value={textOf(e.total)} />,
                nowrap: true,
              },
            ]}
          />
          {data.earners.length > SHOWN && (
            <Text size="xs" c="dimmed">
              The first {SHOWN} of {data.earners.length} members.
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
