import { Alert, Anchor } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ApiError } from '../../app/apiError';
import { useT } from '../../i18n/i18n';
import { useSession } from '../../modules/auth/hooks/useSession';
import { useMyProof, usePublishedProof } from '../../modules/proof/api/proofApi';
import { ProofHonesty } from '../../modules/proof/components/ProofFigures';
import { ProofVerifier } from '../../modules/proof/components/ProofVerifier';
import { PROOF_NS } from '../../modules/proof/i18n';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';

/** /user/proof (decision 0044): the member's inclusion proof, downloaded and verified in the browser (WebCrypto). */
export default function MemberProofPage() {
  const { t } = useT(PROOF_NS);
  const session = useSession();
  const mine = useMyProof();
  const published = usePublishedProof();
  // No published proof holds the member yet (none published, or they joined after its cut-off): said as such.
  const notYet = mine.error instanceof ApiError && mine.error.status === 404;
  const failed = mine.isError && !notYet ? mine : published.isError ? published : null;
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
      {notYet && published.data !== undefined && (
        <Alert
          color="blue"
          icon={<IconInfoCircle size={18} />}
          title={t('member.notYet')}
          data-testid="proof-not-yet"
        >
          {published.data.day === null
            ? t('member.notYetNone')
            : t('member.notYetLater', { day: published.data.day })}
        </Alert>
      )}
      <Spinner
        loading={(mine.isFetching || published.isFetching) && (!(mine.data || notYet) || !published.data)}
      />
      {mine.data !== undefined && published.data !== undefined && (
        <ProofVerifier mine={mine.data} published={published.data} memberId={session?.account.id} />
      )}
      <ProofHonesty />
    </PageShell>
  );
}
