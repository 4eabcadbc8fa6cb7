import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../i18n/i18n';
import { useSession } from '../../modules/auth/hooks/useSession';
import { useMyProof, usePublishedProof } from '../../modules/proof/api/proofApi';
import { ProofHonesty } from '../../modules/proof/components/ProofFigures';
import { ProofVerifier } from '../../modules/proof/components/ProofVerifier';
import { PROOF_NS } from '../../modules/proof/i18n';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';

/** /user/proof (issue 24): the member's inclusion proof, downloaded and verified in the browser (WebCrypto). */
export default function MemberProofPage() {
  const { t } = useT(PROOF_NS);
  const session = useSession();
  const mine = useMyProof();
  const published = usePublishedProof();
  const failed = mine.isError ? mine : published.isError ? published : null;
  return (
    <PageShell
      title={t('member.title')}
      description={t('member.description')}
      actions={
        <Anchor component={Link} to="/proof">
          {t('member.published')}
        </Anchor>
      }
    >
      {failed !== null && (
        <LoadError
          title={t('member.loadError')}
          error={failed.error}
          onRetry={() => void failed.refetch()}
          loadedAt={failed.dataUpdatedAt}
        />
      )}
      <Spinner loading={(mine.isFetching || published.isFetching) && (!mine.data || !published.data)} />
      {mine.data !== undefined && published.data !== undefined && (
        <ProofVerifier mine={mine.data} published={published.data} memberId={session?.account.id} />
      )}
      <ProofHonesty />
    </PageShell>
  );
}
