import { Badge, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type {
  SanctionsCheckResponse,
  SanctionsHit,
  SanctionsList,
  SanctionsOperatorEntry,
} from '@sgx/contracts';
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
import {
  addOperatorEntry,
  checkAddress,
  confirmHit,
  releaseHit,
  removeOperatorEntry,
  useInvalidateSanctions,
  useSanctions,
} from './api';
import { SANCTIONS_NS } from './i18n';

/** The address checker: is this address on a list in force, which, of which date. */
function Checker() {
  const { t } = useT(SANCTIONS_NS);
  const [address, setAddress] = useState('');
  const [result, setResult] = useState<SanctionsCheckResponse | null>(null);
  const check = useMutation({
    mutationFn: () => checkAddress(address.trim()) as Promise<SanctionsCheckResponse>,
    onSuccess: (r) => setResult(r),
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (address.trim() !== '') check.mutate();
      }}
    >
      <Stack gap="sm">
        <Group align="end">
          <TextInput
            label={t('check.address')}
            value={address}
            onChange={(e) => {
              setAddress(e.currentTarget.value);
              setResult(null);
            }}
            maxLength={100}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={check.isPending}>
            {t('check.submit')}
          </Button>
        </Group>
        {result && (
          <Text size="sm" c={result.hit ? 'red' : 'teal'} data-testid="sanctions-check-result">
            {result.hit
              ? t('check.hit', { list: t(`sources.${result.list_source}`), date: result.list_date ?? '' })
              : t('check.clear')}
          </Text>
        )}
      </Stack>
    </form>
  );
}

/** Adds an address to the operator's own list, with the reason. */
function AddEntryForm() {
  const { t } = useT(SANCTIONS_NS);
  const invalidate = useInvalidateSanctions();
  const [address, setAddress] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const add = useMutation({
    mutationFn: () =>
      addOperatorEntry({ address: address.trim(), reason: reason.trim() }, newIdempotencyKey()),
    onSuccess: (res) => {
      toast.success(serverText((res as { message: string }).message));
      setAddress('');
      setReason('');
      setTouched(false);
      invalidate();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const addressProblem = address.trim() === '' ? t('operator.addressMissing') : null;
  const reasonProblem = reason.trim().length < 3 ? t('reasonShort') : null;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (addressProblem === null && reasonProblem === null) add.mutate();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('operator.address')}
          value={address}
          onChange={(e) => setAddress(e.currentTarget.value)}
          error={touched ? addressProblem : null}
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
          <Button type="submit" color="red" loading={add.isPending}>
            {t('operator.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type HitDecision = { hit: SanctionsHit; kind: 'release' | 'confirm' };

/**
 * Compliance's sanctions page (decision 0075): the lists in force with their dates and counts, the address checker,
 * the operator's own list, and the hits: release (two admins: the first is answered "waiting for a second admin") or
 * confirm (the money stays held).
 */
export function SanctionsPanel() {
  const { t } = useT(SANCTIONS_NS);
  const data = useSanctions();
  const invalidate = useInvalidateSanctions();
  const remove = useConfirmedAction({
    run: (r: ReasonRequest<SanctionsOperatorEntry>, key) => removeOperatorEntry(r.subject.id, r.reason, key),
    onSuccess: (res) => {
      toast.success(serverText((res as { message: string }).message));
      invalidate();
    },
  });
  const decide = useConfirmedAction({
    run: (r: ReasonRequest<HitDecision>, key) =>
      r.subject.kind === 'release'
        ? releaseHit(r.subject.hit.id, r.reason, key)
        : confirmHit(r.subject.hit.id, r.reason, key),
    onSuccess: (res) => {
      toast.success(serverText((res as { message: string }).message));
      invalidate();
    },
    onPending: () => invalidate(),
  });

  const listColumns: Column<SanctionsList>[] = [
    { key: 'source', header: t('lists.source'), render: (l) => t(`sources.${l.source}`) },
    {
      key: 'date',
      header: t('lists.date'),
      render: (l) => l.published_on ?? t('lists.perEntry'),
      nowrap: true,
    },
    { key: 'count', header: t('lists.count'), render: (l) => l.entry_count.toLocaleString(), nowrap: true },
    { key: 'loaded', header: t('lists.loaded'), render: (l) => formatDateTime(l.loaded_at), nowrap: true },
    { key: 'from', header: t('lists.from'), render: (l) => l.extracted_from ?? '' },
  ];
  const entryColumns: Column<SanctionsOperatorEntry>[] = [
    { key: 'address', header: t('operator.address'), render: (e) => <Text size="sm">{e.address}</Text> },
    { key: 'note', header: t('reason'), render: (e) => e.note ?? '' },
    {
      key: 'added',
      header: t('operator.added'),
      render: (e) => `${formatDateTime(e.added_at)} · ${e.added_by_username ?? '-'}`,
      nowrap: true,
    },
    {
      key: 'actions',
      header: t('operator.actions'),
      stickyEnd: true,
      writeArea: 'compliance',
      render: (e) => (
        <RowActions
          area="compliance"
          actions={[
            {
              label: t('operator.remove'),
              ariaLabel: t('operator.removeLabel', { address: e.address }),
              tone: 'stop',
              onClick: () =>
                remove.open({
                  subject: e,
                  title: t('operator.removeTitle'),
                  text: t('operator.removeText', { address: e.address }),
                  confirmLabel: t('operator.remove'),
                  tone: 'stop',
                  reason: '',
                }),
            },
          ]}
        />
      ),
    },
  ];
  const hitColumns: Column<SanctionsHit>[] = [
    { key: 'id', header: '#', render: (h) => h.id, nowrap: true },
    {
      key: 'what',
      header: t('hits.what'),
      render: (h) => (
        <Stack gap={2}>
          <Text size="sm">
            {t(`kinds.${h.kind}`, { deposit: h.deposit_id ?? '', withdrawal: h.withdrawal_id ?? '' })}
          </Text>
          <Text size="xs" c="dimmed">
            {h.member_username ?? '-'} (#{h.member_id}) · {formatDateTime(h.created_at)}
          </Text>
        </Stack>
      ),
    },
    { key: 'address', header: t('hits.address'), render: (h) => <Text size="sm">{h.address}</Text> },
    {
      key: 'list',
      header: t('hits.list'),
      render: (h) => t('hits.listOf', { list: t(`sources.${h.list_source}`), date: h.list_date }),
    },
    { key: 'amount', header: t('hits.amount'), render: (h) => h.amount ?? '-', nowrap: true },
    {
      key: 'status',
      header: t('hits.status'),
      render: (h) => (
        <Stack gap={2}>
          <Badge
            size="sm"
            variant="light"
            color={h.status === 'released' ? 'teal' : h.status === 'refused' ? 'gray' : 'red'}
          >
            {t(`statuses.${h.status}`)}
          </Badge>
          {h.awaiting_approval_id !== null && (
            <Text size="xs" c="orange">
              {t('hits.awaiting')}
            </Text>
          )}
          {h.decision_reason && (
            <Text size="xs" c="dimmed">
              {h.decision_reason}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: t('hits.decide'),
      stickyEnd: true,
      writeArea: 'compliance',
      render: (h) =>
        (h.status === 'held' || h.status === 'refused') && h.awaiting_approval_id === null ? (
          <RowActions
            area="compliance"
            actions={[
              {
                label: t('hits.release'),
                ariaLabel: t('hits.releaseLabel', { id: h.id }),
                tone: 'go',
                onClick: () =>
                  decide.open({
                    subject: { hit: h, kind: 'release' },
                    title: t('hits.releaseTitle'),
                    text: t('hits.releaseText', { id: h.id }),
                    confirmLabel: t('hits.release'),
                    tone: 'go',
                    reason: '',
                  }),
              },
              {
                label: t('hits.confirm'),
                ariaLabel: t('hits.confirmLabel', { id: h.id }),
                tone: 'stop',
                onClick: () =>
                  decide.open({
                    subject: { hit: h, kind: 'confirm' },
                    title: t('hits.confirmTitle'),
                    text: t('hits.confirmText', { id: h.id }),
                    confirmLabel: t('hits.confirm'),
                    tone: 'stop',
                    reason: '',
                  }),
              },
            ]}
          />
        ) : null,
    },
  ];

  if (data.isError)
    return (
      <LoadError
        title={t('loadError')}
        error={data.error}
        onRetry={() => void data.refetch()}
        loadedAt={data.dataUpdatedAt}
      />
    );
  const d = data.data as
    | { lists: SanctionsList[]; operator_entries: SanctionsOperatorEntry[]; hits: SanctionsHit[] }
    | undefined;
  return (
    <Stack gap="md">
      <Spinner loading={data.isPending} />
      {d && (
        <>
          <SectionCard title={t('lists.title')} description={t('lists.description')} testId="sanctions-lists">
            <DataTable
              rows={d.lists}
              columns={listColumns}
              rowKey={(l) => l.id}
              rowLabel={(l) => t(`sources.${l.source}`)}
              caption={t('lists.title')}
            />
          </SectionCard>
          <SectionCard title={t('check.title')} testId="sanctions-check">
            <Checker />
          </SectionCard>
          <SectionCard title={t('hits.title')} description={t('hits.description')} testId="sanctions-hits">
            {d.hits.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('hits.none')}
              </Text>
            ) : (
              <DataTable
                rows={d.hits}
                columns={hitColumns}
                rowKey={(h) => h.id}
                rowLabel={(h) => t('hits.rowLabel', { id: h.id })}
                caption={t('hits.title')}
              />
            )}
          </SectionCard>
          <SectionCard
            title={t('operator.title')}
            description={t('operator.description')}
            testId="sanctions-operator"
          >
            <Stack gap="md">
              <AddEntryForm />
              {d.operator_entries.length > 0 && (
                <DataTable
                  rows={d.operator_entries}
                  columns={entryColumns}
                  rowKey={(e) => e.id}
                  rowLabel={(e) => e.address}
                  caption={t('operator.title')}
                />
              )}
            </Stack>
          </SectionCard>
        </>
      )}
      <ReasonDialog action={remove} />
      <ReasonDialog action={decide} />
    </Stack>
  );
}
