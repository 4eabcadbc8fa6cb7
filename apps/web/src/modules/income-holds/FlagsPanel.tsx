import { Badge, Button, Group, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { MemberFlagRecord, MemberFlagsQuery } from '@sgx/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../app/apiError';
import { useT } from '../../i18n/i18n';
import { serverText } from '../../i18n/server';
import { type Column, DataTable } from '../../ui/DataTable';
import { formatDateTime } from '../../ui/format';
import { newIdempotencyKey } from '../../ui/idempotency';
import { LoadError } from '../../ui/LoadError';
import { ReasonDialog, type ReasonRequest } from '../../ui/ReasonDialog';
import { RowActions } from '../../ui/RowActions';
import { SectionCard } from '../../ui/SectionCard';
import { Spinner } from '../../ui/Spinner';
import { useConfirmedAction } from '../../ui/useConfirmedAction';
import { useInvalidateMoney } from '../wallet/api/walletApi';
import { clearMemberFlag, raiseMemberFlag, useMemberFlags } from './api';
import { HELD_INCOME_NS } from './i18n';

type Status = MemberFlagsQuery['status'];

/** Compliance: raises a flag on a member by hand, with a reason (their income is held from then on). */
function RaiseFlagForm() {
  const { t } = useT(HELD_INCOME_NS);
  const invalidate = useInvalidateMoney();
  const [member, setMember] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const raise = useMutation({
    mutationFn: () => raiseMemberFlag({ member: member.trim(), reason: reason.trim() }, newIdempotencyKey()),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      setMember('');
      setReason('');
      setTouched(false);
      invalidate();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const memberProblem = member.trim() === '' ? t('flags.memberMissing') : null;
  const reasonProblem = reason.trim().length < 3 ? t('reasonShort') : null;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (memberProblem === null && reasonProblem === null) raise.mutate();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('flags.member')}
          description={t('flags.memberHint')}
          value={member}
          onChange={(e) => setMember(e.currentTarget.value)}
          error={touched ? memberProblem : null}
          maxLength={100}
        />
        <Textarea
          label={t('reason')}
          autosize
          minRows={2}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={touched ? reasonProblem : null}
        />
        <Group>
          <Button type="submit" color="red" loading={raise.isPending}>
            {t('flags.raise')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Compliance: member flags (migration 0081). A flagged member's income is held for review; clearing their last
 * open flag gives it a release date, its hold days from when it was earned (decision 0076).
 */
export function FlagsPanel() {
  const { t } = useT(HELD_INCOME_NS);
  const [status, setStatus] = useState<Status>('open');
  const flags = useMemberFlags(status);
  const invalidate = useInvalidateMoney();
  const clear = useConfirmedAction({
    run: (r: ReasonRequest<MemberFlagRecord>, key) =>
      clearMemberFlag(r.subject.id, { reason: r.reason }, key),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      invalidate();
    },
  });

  const columns: Column<MemberFlagRecord>[] = [
    { key: 'id', header: '#', render: (f) => f.id, nowrap: true },
    {
      key: 'member',
      header: t('flags.member'),
      render: (f) => (
        <Text size="sm">
          {f.username} (#{f.member_id})
        </Text>
      ),
    },
    {
      key: 'source',
      header: t('flags.source'),
      render: (f) => (
        <Badge variant="light" size="sm">
          {t(`flags.sources.${f.source}`)}
        </Badge>
      ),
      nowrap: true,
    },
    {
      key: 'reason',
      header: t('reason'),
      render: (f) => (
        <Stack gap={2}>
          <Text size="sm">{f.reason}</Text>
          <Text size="xs" c="dimmed">
            {t('flags.raisedBy', {
              time: formatDateTime(f.created_at),
              by: f.created_by ?? t('flags.platform'),
            })}
          </Text>
          {f.cleared_at !== null && (
            <Text size="xs" c="teal">
              {t('flags.clearedBy', {
                time: formatDateTime(f.cleared_at),
                by: f.cleared_by ?? '-',
                reason: f.clear_reason ?? '',
              })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: t('flags.decide'),
      stickyEnd: true,
      writeArea: 'compliance',
      render: (f) =>
        f.cleared_at === null ? (
          <RowActions
            area="compliance"
            actions={[
              {
                label: t('flags.clear'),
                ariaLabel: t('flags.clearLabel', { id: f.id }),
                tone: 'go',
                onClick: () =>
                  clear.open({
                    subject: f,
                    title: t('flags.clearTitle'),
                    text: t('flags.clearText', { id: f.id, member: f.username }),
                    confirmLabel: t('flags.clear'),
                    tone: 'go',
                    reason: '',
                  }),
              },
            ]}
          />
        ) : null,
    },
  ];

  return (
    <Stack gap="md">
      <SectionCard
        title={t('flags.raiseTitle')}
        description={t('flags.raiseDescription')}
        testId="raise-flag"
      >
        <RaiseFlagForm />
      </SectionCard>
      <SectionCard
        title={t('flags.title')}
        testId="member-flags"
        description={t('flags.description')}
        actions={
          flags.data && (
            <Badge color="red" variant="light">
              {t('flags.openCount', { n: flags.data.open_count })}
            </Badge>
          )
        }
      >
        <Stack gap="sm">
          <SegmentedControl
            value={status}
            onChange={(v) => setStatus(v as Status)}
            data={(['open', 'all'] as const).map((s) => ({ value: s, label: t(`flags.filter.${s}`) }))}
          />
          {flags.isError && (
            <LoadError
              title={t('flags.loadError')}
              error={flags.error}
              onRetry={() => void flags.refetch()}
              loadedAt={flags.dataUpdatedAt}
            />
          )}
          <Spinner loading={flags.isPending} />
          {flags.data && flags.data.flags.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('flags.none')}
            </Text>
          )}
          {flags.data && flags.data.flags.length > 0 && (
            <DataTable
              rows={flags.data.flags}
              columns={columns}
              rowKey={(f) => f.id}
              rowLabel={(f) => t('flags.rowLabel', { id: f.id })}
              caption={t('flags.caption')}
            />
          )}
        </Stack>
        <ReasonDialog action={clear} />
      </SectionCard>
    </Stack>
  );
}
