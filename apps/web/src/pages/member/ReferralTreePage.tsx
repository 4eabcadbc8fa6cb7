import { useSession } from '../../modules/auth/hooks/useSession';
import { useTreeNode } from '../../modules/team/api/teamApi';
import { TreeBranch } from '../../modules/team/components/TeamTree';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';

/** /user/refferral-tree: the member's downline, one level at a time, opened on demand. */
export default function ReferralTreePage() {
  const code = useSession()?.account.refferal_code ?? null;
  const root = useTreeNode(code);
  return (
    <PageShell
      title="Referral Tree"
      description="Your team, level by level. Open a member to see who joined under them."
    >
      {root.isError && (
        <LoadError
          title="The tree could not be loaded"
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
