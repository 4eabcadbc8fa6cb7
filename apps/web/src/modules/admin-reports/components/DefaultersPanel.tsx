import { Button, Checkbox, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../app/apiError';
import { ActionDialog } from '../../../ui/ActionDialog';
import { DataTable } from '../../../ui/DataTable';
import { formatDate, formatDateTime } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { MemberName } from '../../../ui/MemberName';
import { SectionCard } from '../../../ui/SectionCard';
import { Spinner } from '../../../ui/Spinner';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { profilePath } from '../../users/profilePath';
import { reportKeys, sendRewardNotice, useDefaulters, useRewardNotices } from '../api/reportsApi';

const MAX_MESSAGE = 1000;

/** Defaulters (members 10+ days old without a direct referral), a reward notice to the chosen ones, and the notices sent. */
export function DefaultersPanel() {
  const defaulters = useDefaulters();
  const notices = useRewardNotices();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [message, setMessage] = useState('');
  const rows = defaulters.data?.allnonusers ?? [];
  const ids = rows.map((r) => r.id);
  const picked = ids.filter((id) => chosen.has(id));
  const allPicked = ids.length > 0 && picked.length === ids.length;

  const send = useConfirmedAction({
    run: (body: { user_ids: number[]; message: string }, key) => sendRewardNotice(body, key),
    onSuccess: (res) => {
      toast.success(res.message);
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
        title="Defaulters"
        testId="defaulters"
        description="Members registered 10 or more days ago with no direct referral."
      >
        {defaulters.isError && (
          <LoadError
            title="Failed to load the defaulters"
            error={defaulters.error}
            onRetry={() => void defaulters.refetch()}
            loadedAt={defaulters.dataUpdatedAt}
          />
        )}
        <Spinner loading={defaulters.isPending} label="Loading defaulters" />
        {defaulters.data !== undefined && (
          <Stack gap="sm">
            <DataTable
              rows={rows}
              rowKey={(r) => r.id}
              minWidth={560}
              emptyText="No defaulters: every member older than 10 days has a direct referral."
              columns={[
                {
                  key: 'pick',
                  header: (
                    <Checkbox
                      aria-label="Choose every defaulter"
                      checked={allPicked}
                      indeterminate={picked.length > 0 && !allPicked}
                      disabled={ids.length === 0}
                      onChange={(e) => setChosen(e.currentTarget.checked ? new Set(ids) : new Set())}
                    />
                  ),
                  render: (r) => (
                    <Checkbox
                      aria-label={`Choose ${r.username}`}
                      checked={chosen.has(r.id)}
                      onChange={(e) => toggle(r.id, e.currentTarget.checked)}
                    />
                  ),
                },
                {
                  key: 'member',
                  header: 'Member',
                  render: (r) => (
                    <MemberName name={r.fullname} username={r.username} id={r.id} to={profilePath(r.id)} />
                  ),
                },
                { key: 'email', header: 'Email', priority: 2, render: (r) => r.email },
                {
                  key: 'joined',
                  header: 'Joined',
                  priority: 2,
                  render: (r) => formatDate(r.created_at),
                  nowrap: true,
                },
              ]}
            />
            {rows.length > 0 && (
              <Stack gap="xs">
                <Textarea
                  label="Reward notice"
                  placeholder="Invite a friend this week and earn a direct bonus on their plan."
                  value={message}
                  onChange={(e) => setMessage(e.currentTarget.value)}
                  maxLength={MAX_MESSAGE}
                  autosize
                  minRows={2}
                  description={`${message.length}/${MAX_MESSAGE}`}
                />
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text size="sm" c="dimmed">
                    {picked.length} of {rows.length} chosen
                  </Text>
                  <Button
                    leftSection={<IconSend size={16} />}
                    disabled={picked.length === 0 || message.trim() === ''}
                    onClick={() => send.open({ user_ids: picked, message: message.trim() })}
                  >
                    Send reward notice
                  </Button>
                </Group>
              </Stack>
            )}
          </Stack>
        )}
      </SectionCard>

      <SectionCard title="Reward notices sent" testId="reward-notices">
        {notices.isError && (
          <LoadError
            title="Failed to load the reward notices"
            error={notices.error}
            onRetry={() => void notices.refetch()}
            loadedAt={notices.dataUpdatedAt}
          />
        )}
        <Spinner loading={notices.isPending} label="Loading reward notices" />
        {notices.data !== undefined && (
          <DataTable
            rows={notices.data.allrewards}
            rowKey={(n) => n.id}
            minWidth={560}
            emptyText="No reward notice has been sent."
            columns={[
              {
                key: 'member',
                header: 'Member',
                render: (n) => (
                  <MemberName
                    name={n.fullname}
                    username={n.username}
                    id={n.user_id}
                    to={profilePath(n.user_id)}
                  />
                ),
              },
              { key: 'message', header: 'Message', render: (n) => n.message },
              {
                key: 'at',
                header: 'Sent',
                priority: 2,
                render: (n) => formatDateTime(n.created_at),
                nowrap: true,
              },
            ]}
          />
        )}
      </SectionCard>

      <ActionDialog action={send} title="Send reward notice" confirmLabel="Send">
        <Text>
          Send this notice to {send.payload?.user_ids.length ?? 0} member
          {send.payload?.user_ids.length === 1 ? '' : 's'}?
        </Text>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          {send.payload?.message}
        </Text>
      </ActionDialog>
    </Stack>
  );
}
