import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import type { SalaryRunResponse } from '@sgx/contracts';
import { IconCash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { errorMessage } from '../../../app/apiError';
import { ActionDialog } from '../../../ui/ActionDialog';
import { DataTable } from '../../../ui/DataTable';
import { formatDateTime } from '../../../ui/format';
import { ListPager } from '../../../ui/ListPager';
import { LoadError } from '../../../ui/LoadError';
import { MemberName } from '../../../ui/MemberName';
import { Money } from '../../../ui/Money';
import { SectionCard } from '../../../ui/SectionCard';
import { Spinner } from '../../../ui/Spinner';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { profilePath } from '../../users/profilePath';
import { reportKeys, runSalary, useSalaries, useSalaryTiers } from '../api/reportsApi';
import { endedMonths, monthOptions, previousMonth, recentMonths } from './months';

const PAGE_SIZE = 20;
type RunResult = z.infer<typeof SalaryRunResponse>;

/** Salary: tiers with their members, payments by month, and Run salary for a month (confirmed). */
export function SalaryPanel() {
  const months = recentMonths(24);
  const [month, setMonth] = useState('');
  const [page, setPage] = useState(1);
  const [runMonth, setRunMonth] = useState(previousMonth());
  const [last, setLast] = useState<RunResult | null>(null);
  const list = useSalaries(page, PAGE_SIZE, month);
  const tiers = useSalaryTiers();
  const queryClient = useQueryClient();
  const run = useConfirmedAction({
    run: (m: string, key) => runSalary(m, key),
    onSuccess: (res) => {
      setLast(res);
      toast.success(res.message);
      void queryClient.invalidateQueries({ queryKey: reportKeys.salaryAll });
      void queryClient.invalidateQueries({ queryKey: reportKeys.tiers });
      void queryClient.invalidateQueries({ queryKey: ['money', 'reports', 'matrix'] });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  return (
    <Stack gap="md">
      <SectionCard
        title="Run salary"
        testId="salary-run"
        description="Pays every qualified member their tier's monthly salary, once per member and month."
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Month to pay"
            data={monthOptions(endedMonths())}
            value={runMonth}
            onChange={(v) => setRunMonth(v ?? runMonth)}
            allowDeselect={false}
            w={{ base: '100%', xs: 160 }}
          />
          <Button leftSection={<IconCash size={16} />} onClick={() => run.open(runMonth)}>
            Run salary
          </Button>
        </Group>
        {last !== null && (
          <Alert color="teal" variant="light" mt="sm" data-testid="salary-run-result" title={last.message}>
            <Text size="sm">
              {last.data.month}: {last.data.qualified} qualified, {last.data.paid} paid (
              <Money value={last.data.total} />
              ), {last.data.skipped} skipped.
            </Text>
          </Alert>
        )}
      </SectionCard>

      <SectionCard
        title="Salary tiers"
        testId="salary-tiers"
        description="Members per tier of active directs, now."
      >
        {tiers.isError && (
          <LoadError
            title="Failed to load the salary tiers"
            error={tiers.error}
            onRetry={() => void tiers.refetch()}
          />
        )}
        <Spinner loading={tiers.isPending} label="Loading tiers" />
        {tiers.data !== undefined && (
          <DataTable
            rows={tiers.data.data}
            rowKey={(t) => t.directs}
            minWidth={320}
            emptyText="No salary tiers are set: no salary is paid."
            columns={[
              { key: 'directs', header: 'Active directs', render: (t) => `${t.directs}+` },
              {
                key: 'amount',
                header: 'Monthly salary',
                render: (t) => <Money value={t.amount} />,
                nowrap: true,
              },
              { key: 'members', header: 'Members', priority: 2, render: (t) => t.members },
            ]}
          />
        )}
      </SectionCard>

      <SectionCard
        title="Salary payments"
        testId="salary-payments"
        actions={
          <Select
            aria-label="Salary month"
            data={monthOptions(months, 'All months')}
            value={month}
            onChange={(v) => {
              setMonth(v ?? '');
              setPage(1);
            }}
            allowDeselect={false}
            w={{ base: '100%', xs: 160 }}
          />
        }
      >
        {list.isError && (
          <LoadError
            title="Failed to load the salary payments"
            error={list.error}
            onRetry={() => void list.refetch()}
            loadedAt={list.dataUpdatedAt}
          />
        )}
        <Spinner loading={list.isPending} label="Loading salary payments" />
        {list.data !== undefined && (
          <Stack gap="sm">
            <DataTable
              rows={list.data.data}
              rowKey={(r) => r.id}
              minWidth={640}
              emptyText="No salary paid for this month."
              columns={[
                {
                  key: 'member',
                  header: 'Member',
                  render: (r) => (
                    <MemberName
                      name={r.fullname}
                      username={r.username}
                      id={r.user_id}
                      to={profilePath(r.user_id)}
                    />
                  ),
                },
                { key: 'month', header: 'Month', render: (r) => r.month, nowrap: true },
                { key: 'directs', header: 'Directs', priority: 3, render: (r) => r.directs },
                {
                  key: 'due',
                  header: 'Due',
                  priority: 2,
                  render: (r) => <Money value={r.due} />,
                  nowrap: true,
                },
                { key: 'paid', header: 'Paid', render: (r) => <Money value={r.paid} />, nowrap: true },
                {
                  key: 'at',
                  header: 'Paid at',
                  priority: 3,
                  render: (r) => formatDateTime(r.created_at),
                  nowrap: true,
                },
              ]}
            />
            <ListPager
              page={page}
              totalPages={list.data.total_pages}
              total={list.data.total}
              onPage={setPage}
              noun={['payment', 'payments']}
              label="Salary payment pages"
            />
          </Stack>
        )}
      </SectionCard>

      <ActionDialog action={run} title="Run salary" confirmLabel="Run salary">
        <Text>
          Run the salary for <b>{run.payload}</b>? Every member qualified now is paid their tier's amount for
          that month; members already paid for it are skipped.
        </Text>
      </ActionDialog>
    </Stack>
  );
}
