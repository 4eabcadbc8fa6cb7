import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconListNumbers } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
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
import { ADMIN_REPORTS_NS } from '../i18n';
import { firstDay, lastDay, monthOptions, recentMonths } from './months';

const typeOptions = (all: string) => [
  { value: '', label: all },
  ...incomeSources.map((s) => ({ value: s, label: sourceLabel(s) })),
];
const SHOWN = 50;

/**
 * Top earners of one income type in a month range: GET /tr/all (credits, not reversed) read page by page
 * and summed per member in the browser, exactly. The export holds every filtered transaction.
 */
export function TopEarners() {
  const { t } = useT(ADMIN_REPORTS_NS);
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
          label={t('col.incomeType')}
          data={typeOptions(t('top.allTypes'))}
          value={source}
          onChange={(v) => setSource(v ?? '')}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
        <Select
          label={t('top.from')}
          data={monthOptions(months)}
          value={from}
          onChange={(v) => setFrom(v ?? '')}
          allowDeselect={false}
          w={{ base: '47%', xs: 130 }}
        />
        <Select
          label={t('top.to')}
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
          {t('top.show')}
        </Button>
        <CsvButton path="/tr/all" query={filter} name="income-transactions" />
      </Group>
      {incomeOnly && (
        <Text size="xs" c="dimmed">
          {t('top.allTypesNote')}
        </Text>
      )}
      {report.isError && (
        <LoadError
          title={t('top.loadError')}
          error={report.error}
          onRetry={() => void report.refetch()}
          loadedAt={report.dataUpdatedAt}
        />
      )}
      <Spinner loading={report.isPending && report.fetchStatus !== 'idle'} label={t('top.loading')} />
      {applied === null && (
        <Text size="sm" c="dimmed">
          {t('top.choose')}
        </Text>
      )}
      {data !== undefined && (
        <Stack gap="xs" data-testid="top-earners">
          <Text size="sm" data-testid="top-earners-coverage">
            {data.complete
              ? t(data.loaded === 1 ? 'top.coversAllOne' : 'top.coversAllMany', { n: data.loaded })
              : t('top.coversSome', { loaded: data.loaded, total: data.total, max: EARNER_MAX_ROWS })}
          </Text>
          {!data.complete && (
            <Alert color="yellow" variant="light">
              {t('top.incomplete')}
            </Alert>
          )}
          <DataTable
            rows={data.earners.slice(0, SHOWN).map((e, i) => ({ ...e, rank: i + 1 }))}
            rowKey={(e) => e.user_id}
            minWidth={360}
            emptyText={t('top.empty')}
            columns={[
              { key: 'rank', header: '#', render: (e) => e.rank },
              {
                key: 'member',
                header: t('col.member'),
                render: (e) => (
                  <MemberName
                    name={e.fullname}
                    username={e.username}
                    id={e.user_id}
                    to={profilePath(e.user_id)}
                  />
                ),
              },
              { key: 'count', header: t('col.credits'), render: (e) => e.count, nowrap: true },
              {
                key: 'total',
                header: t('col.total'),
                render: (e) => <Money value={textOf(e.total)} />,
                nowrap: true,
              },
            ]}
          />
          {data.earners.length > SHOWN && (
            <Text size="xs" c="dimmed">
              {t('top.firstOf', { shown: SHOWN, n: data.earners.length })}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
