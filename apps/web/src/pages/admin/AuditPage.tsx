import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { errorMessage, isClientError } from '../../app/apiError';
import { useT } from '../../i18n/i18n';
import {
  auditFilterKeys,
  auditQuery,
  type AuditFilters as Filters,
  useAuditSearch,
} from '../../modules/audit/api/auditApi';
import { AuditFilters } from '../../modules/audit/components/AuditFilters';
import { AuditTable } from '../../modules/audit/components/AuditTable';
import { AUDIT_NS } from '../../modules/audit/i18n';
import { CsvButton } from '../../ui/CsvButton';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';

/** /admin/audit (owner and compliance): the audit trail, searched on the server, newest first (decision 0042). */
export default function AuditPage() {
  const { t } = useT(AUDIT_NS);
  const [params, setParams] = useSearchParams();
  const filters: Filters = Object.fromEntries(
    auditFilterKeys.flatMap((k) => {
      const v = params.get(k);
      return v === null ? [] : [[k, v]];
    }),
  );
  const search = useAuditSearch(filters);
  const entries = search.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <PageShell
      title={t('page.title')}
      description={t('page.description')}
      actions={<CsvButton path="/admin/audit" query={auditQuery(filters)} name="audit" />}
    >
      <AuditFilters
        value={filters}
        onSearch={(f) => setParams(auditQuery(f), { replace: true })}
        error={search.error}
      />
      {/* A search the server refused (an account it cannot find): what to change, never a Retry that cannot help. */}
      {search.isError && isClientError(search.error) ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('filters.invalid')} role="alert">
          {errorMessage(search.error)}
        </Alert>
      ) : (
        search.isError && (
          <LoadError
            title={t('table.loadError')}
            error={search.error}
            onRetry={() => void search.refetch()}
            loadedAt={search.dataUpdatedAt}
          />
        )
      )}
      {search.isError && search.data === undefined ? null : search.isPending ? (
        <Stack gap="xs">
          <Skeleton h={36} />
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : (
        <>
          <AuditTable entries={entries} />
          <Group justify="space-between">
            <Text size="sm" c="dimmed" data-testid="audit-count">
              {t('table.count', { n: entries.length })}
            </Text>
            {search.hasNextPage ? (
              <Button
                variant="default"
                loading={search.isFetchingNextPage}
                onClick={() => void search.fetchNextPage()}
              >
                {t('table.more')}
              </Button>
            ) : (
              entries.length > 0 && (
                <Text size="sm" c="dimmed">
                  {t('table.end')}
                </Text>
              )
            )}
          </Group>
        </>
      )}
    </PageShell>
  );
}
