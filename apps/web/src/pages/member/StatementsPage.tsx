import { Card, Group, Stack } from '@mantine/core';
import { useT } from '../../i18n/i18n';
import { useStatement } from '../../modules/statements/api/statementsApi';
import { StatementControls, StatementDownloads } from '../../modules/statements/components/StatementControls';
import { StatementView } from '../../modules/statements/components/StatementView';
import { usePeriod } from '../../modules/statements/components/usePeriod';
import { STATEMENTS_NS } from '../../modules/statements/i18n';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';

/** /user/statements (decision 0043): a wallet's statement for a month or a range of days, with PDF and CSV downloads. */
export default function StatementsPage() {
  const { t } = useT(STATEMENTS_NS);
  const period = usePeriod();
  const statement = useStatement(period.ask);
  return (
    <PageShell title={t('page.title')} description={t('page.description')}>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <StatementControls period={period} />
          <Group>
            <StatementDownloads period={period} />
          </Group>
        </Stack>
      </Card>
      {statement.isError && (
        <LoadError
          title={t('page.loadError')}
          error={statement.error}
          onRetry={() => void statement.refetch()}
          loadedAt={statement.dataUpdatedAt}
        />
      )}
      <Spinner loading={statement.isFetching && statement.data === undefined} />
      {statement.data !== undefined && period.ask !== null && <StatementView statement={statement.data} />}
    </PageShell>
  );
}
