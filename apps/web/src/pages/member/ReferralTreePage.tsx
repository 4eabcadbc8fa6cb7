import { useT } from '../../i18n/i18n';
import { useSession } from '../../modules/auth/hooks/useSession';
import { useTreeNode } from '../../modules/team/api/teamApi';
import { TreeBranch } from '../../modules/team/components/TeamTree';
import { TEAM_NS } from '../../modules/team/i18n';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';

/** /user/refferral-tree: the member's downline, one level at a time, opened on demand. */
export default function ReferralTreePage() {
  const { t } = useT(TEAM_NS);
  const code = useSession()?.account.refferal_code ?? null;
  const root = useTreeNode(code);
  return (
    <PageShell title={t('tree.title')} description={t('tree.description')}>
      {root.isError && (
        <LoadError
          title={t('tree.loadError')}
          error={root.error}
          onRetry={() => void root.refetch()}
          loadedAt={root.dataUpdatedAt}
        />
      )}
      <Spinner loading={root.isPending && root.fetchStatus !== 'idle'} />
      {root.data !== undefined && <TreeBranch node={root.data} level={0} startOpen />}
    </PageShell>
  );
}
