import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import type { SalaryRunResponse } from '@sgx/contracts';
import { IconCash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { errorMessage } from '../../../app/apiError';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
import { ActionDialog } from '../../../ui/ActionDialog';
import { DataTable } from '../../../ui/DataTable';
import { formatDateTime } from '../../../ui/format';
import { ListPager } from '../../../ui/ListPager';
import { LoadError } from '../../../ui/LoadError';
import { MemberName } from '../../../ui/MemberName';
import { Money } from '../../../ui/Money';
import { SectionCard } from '../../../ui/SectionCard';
import { Spinner } from '../../../ui/Spinner';
import { StaffOnly } from '../../../ui/StaffOnly';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { profilePath } from '../../users/profilePath';
import { reportKeys, runSalary, useSalaries, useSalaryTiers } from '../api/reportsApi';
import { ADMIN_REPORTS_NS } from '../i18n';
import { endedMonths, monthOptions, previousMonth, recentMonths } from './months';

const PAGE_SIZE = 20;
type RunResult = z.infer<typeof SalaryRunResponse>;

/** Salary: tiers with their members, payments by month, and Run salary for a month (confirmed). */
export function SalaryPanel() {
  const { t } = useT(ADMIN_REPORTS_NS);
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
      toast.success(serverText(res.message));
      void queryClient.invalidateQueries({ queryKey: reportKeys.salaryAll });
      void queryClient.invalidateQueries({ queryKey: reportKeys.tiers });
      void queryClient.invalidateQueries({ queryKey: ['money', 'reports', 'matrix'] });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  return (
    <Stack gap="md">
      <StaffOnly area="money">
        <SectionCard
          title={t('salary.runTitle')}
          testId="salary-run"
          description={t('salary.runDescription')}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={t('col.monthToPay')}
              data={monthOptions(endedMonths())}
              value={runMonth}
              onChange={(v) => setRunMonth(v ?? runMonth)}
              allowDeselect={false}
              w={{ base: '100%', xs: 160 }}
            />
            <Button leftSection={<IconCash size={16} />} onClick={() => run.open(runMonth)}>
              {t('salary.run')}
            </Button>
          </Group>
          {last !== null && (
            <Alert
              color="teal"
              variant="light"
              mt="sm"
              data-testid="salary-run-result"
              title={serverText(last.message)}
            >
              <Text size="sm">
                <RichText
                  text={t('salary.result', {
                    month: last.data.month,
                    qualified: last.data.qualified,
                    paid: last.data.paid,
                    skipped: last.data.skipped,
                  })}
                  components={{ amount: <Money value={last.data.total} /> }}
                />
              </Text>
            </Alert>
          )}
        </SectionCard>
      </StaffOnly>

      <SectionCard
        title={t('salary.tiersTitle')}
        testId="salary-tiers"
        description={t('salary.tiersDescription')}
      >
        {tiers.isError && (
          <LoadError
            title={t('salary.tiersError')}
            error={tiers.error}
            onRetry={() => void tiers.refetch()}
          />
        )}
        <Spinner loading={tiers.isPending} label={t('salary.loadingTiers')} />
        {tiers.data !== undefined && (
          <DataTable
            rows={tiers.data.data}
            rowKey={(tier) => tier.directs}
            minWidth={320}
            emptyText={t('salary.tiersEmpty')}
            columns={[
              { key: 'directs', header: t('salary.activeDirects'), render: (tier) => `${tier.directs}+` },
              {
                key: 'amount',
                header: t('salary.monthly'),
                render: (tier) => <Money value={tier.amount} />,
                nowrap: true,
              },
              { key: 'members', header: t('col.members'), priority: 2, render: (tier) => tier.members },
            ]}
          />
        )}
      </SectionCard>

      <SectionCard
        title={t('salary.paymentsTitle')}
        testId="salary-payments"
        actions={
          <Select
            aria-label={t('salary.salaryMonth')}
            data={monthOptions(months, t('col.allMonths'))}
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
            title={t('salary.paymentsError')}
            error={list.error}
            onRetry={() => void list.refetch()}
            loadedAt={list.dataUpdatedAt}
          />
        )}
        <Spinner loading={list.isPending} label={t('salary.loadingPayments')} />
        {list.data !== undefined && (
          <Stack gap="sm">
            <DataTable
              rows={list.data.data}
              rowKey={(r) => r.id}
              minWidth={640}
              emptyText={t('salary.paymentsEmpty')}
              columns={[
                {
                  key: 'member',
                  header: t('col.member'),
                  render: (r) => (
                    <MemberName
                      name={r.fullname}
                      username={r.username}
                      id={r.user_id}
                      to={profilePath(r.user_id)}
                    />
                  ),
                },
                { key: 'month', header: t('col.month'), render: (r) => r.month, nowrap: true },
                { key: 'directs', header: t('salary.directs'), priority: 3, render: (r) => r.directs },
                {
                  key: 'due',
                  header: t('salary.due'),
                  priority: 2,
                  render: (r) => <Money value={r.due} />,
                  nowrap: true,
                },
                { key: 'paid', header: t('col.paid'), render: (r) => <Money value={r.paid} />, nowrap: true },
                {
                  key: 'at',
                  header: t('col.paidAt'),
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
              noun={[t('salary.one'), t('salary.many')]}
              label={t('salary.pages')}
            />
          </Stack>
        )}
      </SectionCard>

      <ActionDialog action={run} title={t('salary.runTitle')} confirmLabel={t('salary.run')}>
        <Text>
          <RichText text={t('salary.confirm')} components={{ month: <b>{run.payload}</b> }} />
        </Text>
      </ActionDialog>
    </Stack>
  );
}
