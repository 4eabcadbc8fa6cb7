import { Alert, Skeleton } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useT } from '../../i18n/i18n';
import { useRuleVersions } from '../../modules/rules/api/rulesApi';
import { RuleSetDialog } from '../../modules/rules/components/RuleSetDialog';
import { RuleVersionsTable } from '../../modules/rules/components/RuleVersionsTable';
import { RULES_NS } from '../../modules/rules/i18n';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { SectionCard } from '../../ui/SectionCard';

const isVersion = (v: string | null): v is string => v !== null && /^\d{1,9}$/.test(v);

/**
 * /admin/rule-versions (whoever reads the settings; decision 0070): every set of economic rules that was in force,
 * the newest first, each with its dates, why it changed, who changed it and what changed; a version opens its
 * full rule set (?version=N).
 */
export default function RuleVersionsPage() {
  const { t } = useT(RULES_NS);
  const versions = useRuleVersions();
  const [params, setParams] = useSearchParams();
  const asked = params.get('version');
  const open = isVersion(asked) ? Number(asked) : null;

  return (
    <PageShell title={t('page.title')} description={t('page.description')}>
      <SectionCard title={t('page.section')}>
        {versions.isError && (
          <LoadError
            title={t('page.loadError')}
            error={versions.error}
            onRetry={() => void versions.refetch()}
            loadedAt={versions.dataUpdatedAt}
          />
        )}
        {versions.isPending && versions.fetchStatus !== 'idle' && (
          <Skeleton h={200} data-testid="rule-versions-loading" />
        )}
        {versions.data !== undefined && versions.data.length === 0 && (
          <Alert
            color="blue"
            variant="light"
            icon={<IconInfoCircle size={18} />}
            title={t('page.emptyTitle')}
            data-testid="rule-versions-empty"
          >
            {t('page.empty')}
          </Alert>
        )}
        {versions.data !== undefined && versions.data.length > 0 && (
          <RuleVersionsTable
            versions={versions.data}
            onOpen={(n) => setParams({ version: String(n) }, { replace: false })}
          />
        )}
      </SectionCard>
      <RuleSetDialog version={open} onClose={() => setParams({}, { replace: true })} />
    </PageShell>
  );
}
