import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { WebhookEndpoint } from '@sgx/contracts';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/i18n';
import { serverText } from '../../i18n/server';
import { ApiErrorAlert } from '../../ui/ApiErrorAlert';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { formatDateTime } from '../../ui/format';
import { LoadError } from '../../ui/LoadError';
import { OneTimeSecretDialog } from '../../ui/OneTimeSecretDialog';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/ResponsiveTable';
import { SectionCard } from '../../ui/SectionCard';
import { Spinner } from '../../ui/Spinner';
import { OneTimeCodeInput } from '../auth/components/OneTimeCodeInput';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useEditWebhook,
  usePingWebhook,
  useRotateWebhook,
  useSetWebhookEnabled,
  useWebhooks,
} from './api';
import { DeliveryLog } from './DeliveryLog';
import { eventKey, WEBHOOKS_NS } from './i18n';

/**
 * Owners' webhook endpoints (decision 0072): the list with each one's state, a new endpoint (address, events,
 * description, the authenticator code) whose signing secret is shown once, its events and description edited, a test ping, rotating the secret (both
 * sign for 24 hours), disabling and enabling, deleting after a confirmation, and each endpoint's delivery log.
 */
export function WebhooksPanel() {
  const { t } = useT(WEBHOOKS_NS);
  const hooks = useWebhooks();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const ping = usePingWebhook();
  const toggle = useSetWebhookEnabled();
  const remove = useDeleteWebhook();

  const columns: ResponsiveColumn<WebhookEndpoint>[] = [
    {
      key: 'url',
      header: t('list.url'),
      hideOnPhone: true,
      render: (e) => (
        <Stack gap={0}>
          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {e.url}
          </Text>
          {e.description !== '' && (
            <Text size="xs" c="dimmed">
              {e.description}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'events',
      header: t('list.events'),
      render: (e) => (
        <Text size="sm" title={e.events.map((x) => t(eventKey(x))).join(', ')}>
          {t('list.eventCount', { count: e.events.length })}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('list.status'),
      wide: true,
      render: (e) => (
        <Stack gap={2}>
          <Badge color={e.enabled ? 'green' : 'gray'} variant="light">
            {e.enabled ? t('list.enabled') : t('list.disabled')}
          </Badge>
          {e.disabled_reason && (
            <Text size="xs" c="dimmed">
              {serverText(e.disabled_reason)}
            </Text>
          )}
          {e.previous_secret_until && (
            <Text size="xs" c="dimmed">
              {t('list.rotating', { until: formatDateTime(e.previous_secret_until) })}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'failures', header: t('list.failures'), render: (e) => e.consecutive_failures },
    {
      key: 'last',
      header: t('list.lastDelivery'),
      render: (e) => (e.last_delivery_at ? formatDateTime(e.last_delivery_at) : t('list.never')),
    },
    {
      key: 'actions',
      header: t('list.actions'),
      stickyEnd: true,
      wide: true,
      render: (e) => (
        <Group gap={4} wrap="wrap">
          <Button
            size="xs"
            variant="light"
            onClick={() => setLogOf(e)}
            aria-label={`${t('list.log')} ${e.url}`}
          >
            {t('list.log')}
          </Button>
          <Button
            size="xs"
            variant="light"
            disabled={!e.enabled}
            loading={ping.isPending && ping.variables === e.id}
            onClick={() => ping.mutate(e.id)}
            aria-label={`${t('list.ping')} ${e.url}`}
          >
            {t('list.ping')}
          </Button>
          <Button
            size="xs"
            variant="light"
            onClick={() => setEditing(e)}
            aria-label={`${t('list.edit')} ${e.url}`}
          >
            {t('list.edit')}
          </Button>
          <Button
            size="xs"
            variant="light"
            onClick={() => setRotating(e)}
            aria-label={`${t('list.rotate')} ${e.url}`}
          >
            {t('list.rotate')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color={e.enabled ? 'yellow' : 'green'}
            loading={toggle.isPending && toggle.variables?.id === e.id}
            onClick={() => toggle.mutate({ id: e.id, enabled: !e.enabled })}
            aria-label={`${e.enabled ? t('list.disable') : t('list.enable')} ${e.url}`}
          >
            {e.enabled ? t('list.disable') : t('list.enable')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => setDeleting(e)}
            aria-label={`${t('list.delete')} ${e.url}`}
          >
            {t('list.delete')}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <SectionCard
        title={t('list.title')}
        testId="webhook-endpoints"
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setCreating(true)}
            disabled={!hooks.data}
          >
            {t('list.add')}
          </Button>
        }
      >
        <Stack gap="sm">
          <Spinner loading={hooks.isPending} />
          {hooks.isError && (
            <LoadError title={t('list.loadError')} error={hooks.error} onRetry={() => void hooks.refetch()} />
          )}
          {ping.isSuccess && <Alert color="blue">{t('list.pinged')}</Alert>}
          {[ping, toggle, remove].map((m, i) =>
            m.isError ? <ApiErrorAlert key={String(i)} error={m.error} /> : null,
          )}
          {hooks.data &&
            (hooks.data.endpoints.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('list.empty')}
              </Text>
            ) : (
              <ResponsiveTable
                rows={hooks.data.endpoints}
                columns={columns}
                rowKey={(e) => e.id}
                heading={(e) => (
                  <Text fw={600} ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
                    {e.url}
                  </Text>
                )}
                rowLabel={(e) => e.url}
              />
            ))}
        </Stack>
      </SectionCard>
      {logOf && <DeliveryLog endpoint={logOf} onClose={() => setLogOf(null)} />}
      {creating && hooks.data && (
        <EndpointDialog
          eventTypes={hooks.data.event_types}
          onClose={() => setCreating(false)}
          onCreated={(s) => {
            setCreating(false);
            setSecret(s);
          }}
        />
      )}
      {editing && hooks.data && (
        <EndpointDialog
          eventTypes={hooks.data.event_types}
          endpoint={editing}
          onClose={() => setEditing(null)}
          onCreated={() => setEditing(null)}
        />
      )}
      {rotating && (
        <RotateDialog
          endpoint={rotating}
          onClose={() => setRotating(null)}
          onRotated={(s) => {
            setRotating(null);
            setSecret(s);
          }}
        />
      )}
      <OneTimeSecretDialog
        secret={secret}
        onClose={() => setSecret(null)}
        title={t('secret.title')}
        warning={t('secret.warning')}
        label={t('secret.label')}
        done={t('secret.done')}
        testId="webhook-secret"
      />
      <ConfirmDialog
        opened={deleting !== null}
        onCancel={() => setDeleting(null)}
        loading={remove.isPending}
        message={deleting ? t('remove.confirm', { url: deleting.url }) : ''}
        confirmLabel={t('remove.button')}
        onConfirm={() => {
          if (!deleting) return;
          if (logOf?.id === deleting.id) setLogOf(null);
          remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
        }}
      />
    </Stack>
  );
}

/** A new endpoint (with the authenticator code; the secret comes back once), or an endpoint's events and description. */
function EndpointDialog({
  eventTypes,
  endpoint,
  onClose,
  onCreated,
}: {
  eventTypes: readonly string[];
  endpoint?: WebhookEndpoint;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t } = useT(WEBHOOKS_NS);
  const create = useCreateWebhook();
  const edit = useEditWebhook();
  const saving = endpoint ? edit : create;
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<string[]>(endpoint?.events ?? []);
  const [code, setCode] = useState('');
  const [eventsError, setEventsError] = useState<string | undefined>();
  const title = endpoint ? t('edit.title') : t('create.title');
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (events.length === 0) {
      setEventsError(t('create.eventsRequired'));
      return;
    }
    setEventsError(undefined);
    if (endpoint)
      edit.mutate(
        { id: endpoint.id, events, description: description.trim() },
        { onSuccess: () => onCreated('') },
      );
    else
      create.mutate(
        { url: url.trim(), events, description: description.trim(), code },
        { onSuccess: (made) => onCreated(made.secret), onSettled: () => setCode('') },
      );
  };
  const all = events.length === eventTypes.length;
  return (
    <Modal opened onClose={onClose} title={title} centered size="lg">
      <form onSubmit={submit} aria-label={title}>
        <Stack gap="sm">
          {saving.isError && <ApiErrorAlert error={saving.error} />}
          {endpoint ? (
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {endpoint.url}
            </Text>
          ) : (
            <TextInput
              label={t('create.url')}
              description={t('create.urlHint')}
              required
              type="url"
              maxLength={2000}
              placeholder="https://example.com/hooks/socialgenx"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
            />
          )}
          <TextInput
            label={t('create.description')}
            description={t('create.descriptionHint')}
            maxLength={500}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('create.events')}
            </Text>
            <Checkbox
              label={t('create.all')}
              checked={all}
              indeterminate={events.length > 0 && !all}
              onChange={() => setEvents(all ? [] : [...eventTypes])}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4}>
              {eventTypes.map((type) => (
                <Checkbox
                  key={type}
                  label={t(eventKey(type))}
                  name={type}
                  checked={events.includes(type)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setEvents((s) => (on ? [...s, type] : s.filter((x) => x !== type)));
                  }}
                />
              ))}
            </SimpleGrid>
            {eventsError && (
              <Text size="sm" c="red" role="alert">
                {eventsError}
              </Text>
            )}
          </Stack>
          {!endpoint && <OneTimeCodeInput value={code} onChange={setCode} required />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('create.cancel')}
            </Button>
            <Button type="submit" loading={saving.isPending}>
              {endpoint ? t('edit.submit') : t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RotateDialog({
  endpoint,
  onClose,
  onRotated,
}: {
  endpoint: WebhookEndpoint;
  onClose: () => void;
  onRotated: (secret: string) => void;
}) {
  const { t } = useT(WEBHOOKS_NS);
  const rotate = useRotateWebhook();
  const [code, setCode] = useState('');
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    rotate.mutate(
      { id: endpoint.id, code },
      { onSuccess: (made) => onRotated(made.secret), onSettled: () => setCode('') },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('rotate.title')} centered>
      <form onSubmit={submit} aria-label={t('rotate.title')}>
        <Stack gap="sm">
          <Text size="sm">{t('rotate.text')}</Text>
          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {endpoint.url}
          </Text>
          {rotate.isError && <ApiErrorAlert error={rotate.error} />}
          <OneTimeCodeInput value={code} onChange={setCode} required />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('rotate.cancel')}
            </Button>
            <Button type="submit" loading={rotate.isPending}>
              {t('rotate.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
