import { Alert, Badge, Button, Code, Stack, Text } from '@mantine/core';
import type { WebhookAttempt, WebhookEndpoint } from '@sgx/contracts';
import { useT } from '../../i18n/i18n';
import { ApiErrorAlert } from '../../ui/ApiErrorAlert';
import { formatDateTime } from '../../ui/format';
import { LoadError } from '../../ui/LoadError';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/ResponsiveTable';
import { SectionCard } from '../../ui/SectionCard';
import { Spinner } from '../../ui/Spinner';
import { useDeliveryLog, useRedeliver } from './api';
import { eventKey, WEBHOOKS_NS } from './i18n';

const statusColor = { delivered: 'green', pending: 'yellow', failed: 'red' } as const;

/** An endpoint's latest delivery attempts (time, status, latency, the answer's first bytes), with "Redeliver". */
export function DeliveryLog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const { t } = useT(WEBHOOKS_NS);
  const log = useDeliveryLog(endpoint.id);
  const redeliver = useRedeliver(endpoint.id);
  const columns: ResponsiveColumn<WebhookAttempt>[] = [
    { key: 'time', header: t('log.time'), nowrap: true, render: (a) => formatDateTime(a.attempted_at) },
    {
      key: 'event',
      header: t('log.event'),
      hideOnPhone: true,
      render: (a) => (
        <Stack gap={0}>
          <Text size="sm">{t(eventKey(a.event_type))}</Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {a.event_id}
          </Text>
        </Stack>
      ),
    },
    { key: 'sequence', header: t('log.sequence'), render: (a) => a.sequence },
    {
      key: 'status',
      header: t('log.status'),
      render: (a) => (
        <Badge color={a.http_status !== null && a.http_status < 300 ? 'green' : 'red'} variant="light">
          {a.http_status ?? t('log.noAnswer')}
        </Badge>
      ),
    },
    {
      key: 'latency',
      header: t('log.latency'),
      nowrap: true,
      render: (a) => t('log.ms', { ms: a.latency_ms }),
    },
    {
      key: 'answer',
      header: t('log.answer'),
      wide: true,
      render: (a) => (
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxWidth: 360 }}>
          {a.error ?? a.response_excerpt ?? ''}
        </Code>
      ),
    },
    {
      key: 'delivery',
      header: t('log.delivery'),
      render: (a) => (
        <Stack gap={2}>
          <Badge color={statusColor[a.delivery_status]} variant="light">
            {t(`deliveryStatus.${a.delivery_status}`)}
          </Badge>
          {a.manual && (
            <Text size="xs" c="dimmed">
              {t('log.manual')}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: '',
      stickyEnd: true,
      render: (a) => (
        <Button
          size="xs"
          variant="light"
          disabled={!endpoint.enabled}
          loading={redeliver.isPending && redeliver.variables === a.delivery_id}
          onClick={() => redeliver.mutate(a.delivery_id)}
          aria-label={`${t('log.redeliver')} ${a.event_id}`}
        >
          {t('log.redeliver')}
        </Button>
      ),
    },
  ];
  return (
    <SectionCard
      title={t('log.title', { url: endpoint.url })}
      testId="webhook-log"
      actions={
        <Button size="xs" variant="default" onClick={onClose}>
          {t('log.close')}
        </Button>
      }
    >
      <Stack gap="sm">
        <Spinner loading={log.isPending} />
        {log.isError && (
          <LoadError title={t('log.loadError')} error={log.error} onRetry={() => void log.refetch()} />
        )}
        {redeliver.isError && <ApiErrorAlert error={redeliver.error} />}
        {redeliver.isSuccess && <Alert color="blue">{t('log.redelivered')}</Alert>}
        {log.data &&
          (log.data.attempts.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('log.empty')}
            </Text>
          ) : (
            <ResponsiveTable
              rows={log.data.attempts}
              columns={columns}
              rowKey={(a) => a.id}
              heading={(a) => <Text fw={600}>{t(eventKey(a.event_type))}</Text>}
              rowLabel={(a) => `${a.event_type} ${a.event_id}`}
            />
          ))}
      </Stack>
    </SectionCard>
  );
}
