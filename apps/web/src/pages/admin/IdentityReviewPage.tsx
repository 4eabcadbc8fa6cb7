import { useSearchParams } from 'react-router';
import { useT } from '../../i18n/i18n';
import { IDENTITY_NS } from '../../modules/identity/i18n';
import { ReviewQueue } from '../../modules/identity/ReviewQueue';
import { ReviewScreen } from '../../modules/identity/ReviewScreen';
import { PageShell } from '../../ui/PageShell';

/** /admin/identity (owners and compliance): the identity review queue and one submission's review (decision 0074). */
export default function IdentityReviewPage() {
  const { t } = useT(IDENTITY_NS);
  const [params, setParams] = useSearchParams();
  const raw = params.get('id');
  const id = raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
  return (
    <PageShell title={t('admin.title')} description={t('admin.description')}>
      {id === null ? (
        <ReviewQueue onOpen={(open) => setParams({ id: String(open) })} />
      ) : (
        <ReviewScreen id={id} onBack={() => setParams({})} />
      )}
    </PageShell>
  );
}
