import { Button, Checkbox, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../app/apiError';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { ActionDialog } from '../../../ui/ActionDialog';
import { DataTable } from '../../../ui/DataTable';
import { formatDate, formatDateTime } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { MemberName } from '../../../ui/MemberName';
import { SectionCard } from '../../../ui/SectionCard';
import { Spinner } from '../../../ui/Spinner';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { useStaffMay } from '../../auth/hooks/useStaffMay';
import { profilePath } from '../../users/profilePath';
import { reportKeys, sendRewardNotice, useDefaulters, useRewardNotices } from '../api/reportsApi';
import { ADMIN_REPORTS_NS } from '../i18n';

const MAX_MESSAGE = 1000;

/** Defaulters (members 10+ days old without a direct referral), a reward notice to the chosen ones, and the notices sent. */
export function DefaultersPanel() {
  const { t } = useT(ADMIN_REPORTS_NS);
  const defaulters = useDefaulters();
  const notices = useRewardNotices();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [message, setMessage] = useState('');
  const rows = defaulters.data?.allnonusers ?? [];
  const ids = rows.map((r) => r.id);
  const picked = ids.filter((id) => chosen.has(id));
  const allPicked = ids.length > 0 && picked.length === ids.length;

  const mayWrite = useStaffMay('money');
  const send = useConfirmedAction({
    run: (body: { user_ids: number[]; message: string }, key) => sendRewardNotice(body, key),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      setChosen(new Set());
      setMessage('');
      void queryClient.invalidateQueries({ queryKey: reportKeys.notices });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const toggle = (id: number, on: boolean) =>
    setChosen((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Stack gap="md">
      <SectionCard
        title={t('defaulters.title')}
        testId="defaulters"
        description={t('defaulters.description')}
      >
        {defaulters.isError && (
          <LoadError
            title={t('defaulters.loadError')}
            error={defaulters.error}
            onRetry={() => void defaulters.refetch()}
            loadedAt={defaulters.dataUpdatedAt}
          />
        )}
        <Spinner loading={defaulters.isPending} label={t('defaulters.loading')} />
        {defaulters.data !== undefined && (
          <Stack gap="sm">
            <DataTable
              rows={rows}
              rowKey={(r) => r.id}
              minWidth={560}
              emptyText={t('defaulters.empty')}
              columns={[
                {
                  key: 'pick',
                  writeArea: 'money',
                  header: (
                    <Checkbox
                      aria-label={t('defaulters.chooseAll')}
                      checked={allPicked}
                      indeterminate={picked.length > 0 && !allPicked}
                      disabled={ids.length === 0}
                      onChange={(e) => setChosen(e.currentTarget.checked ? new Set(ids) : new Set())}
                    />
                  ),
                  render: (r) => (
                    <Checkbox
                      aria-label={t('defaulters.choose', { username: r.username })}
                      checked={chosen.has(r.id)}
                      onChange={(e) => toggle(r.id, e.currentTarget.checked)}
                    />
                  ),
                },
                {
                  key: 'member',
                  header: t('col.member'),
                  render: (r) => (
                    <MemberName name={r.fullname} username={r.username} id={r.id} to={profilePath(r.id)} />
                  ),
                },
                { key: 'email', header: t('col.email'), priority: 2, render: (r) => r.email },
                {
                  key: 'joined',
                  header: t('col.joined'),
                  priority: 2,
                  render: (r) => formatDate(r.created_at),
                  nowrap: true,
                },
              ]}
            />
            {rows.length > 0 && mayWrite && (
              <Stack gap="xs">
                <Textarea
                  label={t('defaulters.notice')}
                  placeholder={t('defaulters.noticeExample')}
                  value={message}
                  onChange={(e) => setMessage(e.currentTarget.value)}
                  maxLength={MAX_MESSAGE}
                  autosize
                  minRows={2}
                  description={`${message.length}/${MAX_MESSAGE}`}
                />
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text size="sm" c="dimmed">
                    {t('defaulters.chosen', { picked: picked.length, total: rows.length })}
                  </Text>
                  <Button
                    leftSection={<IconSend size={16} />}
                    disabled={picked.length === 0 || message.trim() === ''}
                    onClick={() => send.open({ user_ids: picked, message: message.trim() })}
                  >
                    {t('defaulters.send')}
                  </Button>
                </Group>
              </Stack>
            )}
          </Stack>
        )}
      </SectionCard>

      <SectionCard title={t('defaulters.sentTitle')} testId="reward-notices">
        {notices.isError && (
          <LoadError
            title={t('defaulters.noticesError')}
            error={notices.error}
            onRetry={() => void notices.refetch()}
            loadedAt={notices.dataUpdatedAt}
          />
        )}
        <Spinner loading={notices.isPending} label={t('defaulters.loadingNotices')} />
        {notices.data !== undefined && (
          <DataTable
            rows={notices.data.allrewards}
            rowKey={(n) => n.id}
            minWidth={560}
            emptyText={t('defaulters.noticesEmpty')}
            columns={[
              {
                key: 'member',
                header: t('col.member'),
                render: (n) => (
                  <MemberName
                    name={n.fullname}
                    username={n.username}
                    id={n.user_id}
                    to={profilePath(n.user_id)}
                  />
                ),
              },
              { key: 'message', header: t('defaulters.message'), render: (n) => n.message },
              {
                key: 'at',
                header: t('defaulters.sent'),
                priority: 2,
                render: (n) => formatDateTime(n.created_at),
                nowrap: true,
              },
            ]}
          />
        )}
      </SectionCard>

      <ActionDialog
        action={send}
        title={t('defaulters.confirmTitle')}
        confirmLabel={t('defaulters.confirmLabel')}
      >
        <Text>
          {t(send.payload?.user_ids.length === 1 ? 'defaulters.confirmOne' : 'defaulters.confirmMany', {
            n: send.payload?.user_ids.length ?? 0,
          })}
        </Text>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          {send.payload?.message}
        </Text>
      </ActionDialog>
    </Stack>
  );
}
