import { useT } from '../../i18n/i18n';
import { ApiKeysPanel } from '../../modules/api-keys/ApiKeysPanel';
import { API_KEYS_NS } from '../../modules/api-keys/i18n';
import { useSession } from '../../modules/auth/hooks/useSession';
import { PageShell } from '../../ui/PageShell';

/** /admin/api-keys (every staff role): the staff member's API keys; owners see and may revoke every staff key. */
export default function ApiKeysPage() {
  const { t } = useT(API_KEYS_NS);
  const selfId = useSession()?.account.id;
  return (
    <PageShell title={t('page.title')} description={t('page.description')}>
      <ApiKeysPanel kind="staff" {...(selfId === undefined ? {} : { selfId })} />
    </PageShell>
  );
}
