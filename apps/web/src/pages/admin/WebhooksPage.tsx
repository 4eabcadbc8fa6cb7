import { useT } from '../../i18n/i18n';
import { WEBHOOKS_NS } from '../../modules/webhooks/i18n';
import { WebhooksPanel } from '../../modules/webhooks/WebhooksPanel';
import { PageShell } from '../../ui/PageShell';

/** /admin/webhooks (owners): signed webhook endpoints, their delivery log, redelivery and test pings (decision 0072). */
export default function WebhooksPage() {
  const { t } = useT(WEBHOOKS_NS);
  return (
    <PageShell title={t('page.title')} description={t('page.description')}>
      <WebhooksPanel />
    </PageShell>
  );
}
