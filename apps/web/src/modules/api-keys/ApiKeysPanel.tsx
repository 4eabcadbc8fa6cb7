import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { ApiKey } from '@sgx/contracts';
import { IconKey } from '@tabler/icons-react';
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
import { type KeyKind, useApiKeys, useCreateApiKey, useRevokeApiKey } from './api';
import { API_KEYS_NS } from './i18n';

const keyState = (k: ApiKey): 'active' | 'revoked' | 'expired' =>
  k.revoked_at !== null
    ? 'revoked'
    : k.expires_at !== null && Date.parse(k.expires_at) <= Date.now()
      ? 'expired'
      : 'active';

/**
 * A person's API keys (decision 0071): the list (owners: every staff key), a new key (name, scopes within the role,
 * expiry, networks, the authenticator code), its secret shown once with a copy button, and revoking with a
 * confirmation. `kind` 'member': read-only keys for the member's own data.
 */
export function ApiKeysPanel({
  kind,
  selfId,
  disabled,
}: {
  kind: KeyKind;
  selfId?: number;
  disabled?: boolean;
}) {
  const { t } = useT(API_KEYS_NS);
  const keys = useApiKeys(kind);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useRevokeApiKey(kind);

  const columns: ResponsiveColumn<ApiKey>[] = [
    { key: 'name', header: t('list.name'), render: (k) => k.name, hideOnPhone: true },
    {
      key: 'prefix',
      header: t('list.prefix'),
      render: (k) => (
        <Text size="sm" ff="monospace">
          {k.prefix}…
        </Text>
      ),
      nowrap: true,
    },
    ...(kind === 'staff'
      ? [
          {
            key: 'scopes',
            header: t('list.scopes'),
            wide: true,
            render: (k: ApiKey) => (
              <Group gap={4} style={{ minWidth: 150 }}>
                {k.scopes.map((s) => (
                  <Badge key={s} variant="light" size="sm" tt="none">
                    {s}
                  </Badge>
                ))}
              </Group>
            ),
          },
        ]
      : []),
    {
      key: 'status',
      header: t('list.status'),
      render: (k) => {
        const state = keyState(k);
        return (
          <Text size="sm" fw={600} c={state === 'active' ? 'teal.8' : 'dimmed'}>
            {t(`list.${state}`)}
          </Text>
        );
      },
      nowrap: true,
    },
    {
      key: 'expires',
      header: t('list.expires'),
      render: (k) => (k.expires_at ? formatDateTime(k.expires_at) : t('list.never')),
      priority: 2,
    },
    {
      key: 'networks',
      header: t('list.networks'),
      render: (k) => (k.networks.length === 0 ? t('list.anyNetwork') : k.networks.join(', ')),
      priority: 3,
    },
    { key: 'created', header: t('list.created'), render: (k) => formatDateTime(k.created_at), priority: 3 },
    {
      key: 'lastUsed',
      header: t('list.lastUsed'),
      render: (k) => (k.last_used_at ? formatDateTime(k.last_used_at) : t('list.notUsed')),
      priority: 2,
    },
    ...(kind === 'staff'
      ? [
          {
            key: 'creator',
            header: t('list.creator'),
            render: (k: ApiKey) => (k.user_id === selfId ? '—' : (k.username ?? `#${k.user_id}`)),
            priority: 2,
          },
        ]
      : []),
    {
      key: 'actions',
      header: t('list.actions'),
      stickyEnd: true,
      render: (k) =>
        k.revoked_at === null ? (
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={() => setRevoking(k)}
            aria-label={`${t('list.revoke')} ${k.name}`}
          >
            {t('list.revoke')}
          </Button>
        ) : null,
    },
  ];

  return (
    <SectionCard
      title={kind === 'staff' ? t('list.title') : t('member.title')}
      {...(kind === 'member' ? { description: t('member.description') } : {})}
      testId={`api-keys-${kind}`}
      actions={
        <Button
          leftSection={<IconKey size={16} />}
          onClick={() => setCreating(true)}
          disabled={disabled === true}
        >
          {t('create.open')}
        </Button>
      }
    >
      <Stack gap="sm">
        {disabled === true && <Alert color="yellow">{t('member.needsTwoFactor')}</Alert>}
        <Spinner loading={keys.isPending} />
        {keys.isError && (
          <LoadError title={t('list.loadError')} error={keys.error} onRetry={() => void keys.refetch()} />
        )}
        {revoke.isError && <ApiErrorAlert error={revoke.error} />}
        {keys.data &&
          (keys.data.keys.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('list.empty')}
            </Text>
          ) : (
            <ResponsiveTable
              rows={keys.data.keys}
              columns={columns}
              rowKey={(k) => k.id}
              heading={(k) => <Text fw={600}>{k.name}</Text>}
              rowLabel={(k) => k.name}
            />
          ))}
        <Text size="xs" c="dimmed">
          {t('docs')}
        </Text>
      </Stack>
      {creating && keys.data && (
        <CreateKeyDialog
          kind={kind}
          grantable={keys.data.grantable}
          onClose={() => setCreating(false)}
          onCreated={(s) => {
            setCreating(false);
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
        testId="api-key-secret"
      />
      <ConfirmDialog
        opened={revoking !== null}
        onCancel={() => setRevoking(null)}
        loading={revoke.isPending}
        message={revoking ? t('revoke.confirm', { name: revoking.name, prefix: revoking.prefix }) : ''}
        confirmLabel={t('revoke.button')}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id, { onSettled: () => setRevoking(null) });
        }}
      />
    </SectionCard>
  );
}

/** The areas offered, in the order of the grants: each with read and (where granted) write. */
function scopeRows(grantable: readonly string[]): { area: string; read: boolean; write: boolean }[] {
  const areas: string[] = [];
  for (const s of grantable) {
    const area = s.split(':')[0] ?? '';
    if (!areas.includes(area)) areas.push(area);
  }
  return areas.map((area) => ({
    area,
    read: grantable.includes(`${area}:read`),
    write: grantable.includes(`${area}:write`),
  }));
}

function CreateKeyDialog({
  kind,
  grantable,
  onClose,
  onCreated,
}: {
  kind: KeyKind;
  grantable: readonly string[];
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t } = useT(API_KEYS_NS);
  const create = useCreateApiKey(kind);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [expires, setExpires] = useState('');
  const [networks, setNetworks] = useState('');
  const [code, setCode] = useState('');
  const [scopesError, setScopesError] = useState<string | undefined>();
  const toggle = (scope: string, on: boolean) =>
    setScopes((s) => (on ? [...s, scope] : s.filter((x) => x !== scope)));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (kind === 'staff' && scopes.length === 0) {
      setScopesError(t('create.scopesRequired'));
      return;
    }
    setScopesError(undefined);
    create.mutate(
      {
        name: name.trim(),
        scopes,
        expires_at: expires === '' ? null : new Date(expires).toISOString(),
        networks: networks
          .split(/[\s,]+/)
          .map((n) => n.trim())
          .filter(Boolean),
        code,
      },
      { onSuccess: (made) => onCreated(made.secret), onSettled: () => setCode('') },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('create.title')} centered size="lg">
      <form onSubmit={submit} aria-label={t('create.title')}>
        <Stack gap="sm">
          {create.isError && <ApiErrorAlert error={create.error} />}
          {create.isSuccess && <Text size="sm">{serverText(create.data.message)}</Text>}
          <TextInput
            label={t('create.name')}
            description={t('create.nameHint')}
            required
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          {kind === 'staff' ? (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('create.scopes')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('create.scopesHint')}
              </Text>
              <Table>
                <Table.Tbody>
                  {scopeRows(grantable).map((row) => (
                    <Table.Tr key={row.area}>
                      <Table.Td>{t(`areas.${row.area}`)}</Table.Td>
                      {(['read', 'write'] as const).map((g) => (
                        <Table.Td key={g}>
                          {row[g] && (
                            <Checkbox
                              label={t(`create.${g}`)}
                              aria-label={`${t(`areas.${row.area}`)}: ${t(`create.${g}`)}`}
                              name={`${row.area}:${g}`}
                              checked={scopes.includes(`${row.area}:${g}`)}
                              onChange={(e) => toggle(`${row.area}:${g}`, e.currentTarget.checked)}
                            />
                          )}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {scopesError && (
                <Text size="sm" c="red" role="alert">
                  {scopesError}
                </Text>
              )}
            </Stack>
          ) : (
            <Text size="sm">{t('create.readOnly')}</Text>
          )}
          <TextInput
            type="datetime-local"
            label={t('create.expires')}
            description={t('create.expiresHint')}
            value={expires}
            onChange={(e) => setExpires(e.currentTarget.value)}
          />
          <Textarea
            label={t('create.networks')}
            description={t('create.networksHint')}
            autosize
            minRows={2}
            value={networks}
            onChange={(e) => setNetworks(e.currentTarget.value)}
          />
          <OneTimeCodeInput value={code} onChange={setCode} required />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('create.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
