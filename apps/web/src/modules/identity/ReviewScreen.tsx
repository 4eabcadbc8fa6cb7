import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import type { IdentitySubmissionDetail } from '@sgx/contracts';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../app/apiError';
import { useT } from '../../i18n/i18n';
import { ApiErrorAlert } from '../../ui/ApiErrorAlert';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { SectionCard } from '../../ui/SectionCard';
import { Spinner } from '../../ui/Spinner';
import { fetchDocument, type ReviewAction, useDecideIdentity, useIdentitySubmission } from './api';
import { IDENTITY_NS } from './i18n';
import { stateColor, useObjectUrl } from './MemberIdentity';

type Doc = IdentitySubmissionDetail['documents'][number];

/** One document, fetched with the staff bearer token into an object URL (each fetch is one audited view). */
function DocumentView({ submissionId, doc }: { submissionId: number; doc: Doc }) {
  const { t } = useT(IDENTITY_NS);
  const [blob, setBlob] = useState<Blob | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const url = useObjectUrl(blob);
  useEffect(() => {
    if (doc.deleted_at !== null) return;
    const abort = new AbortController();
    fetchDocument(submissionId, doc.id, abort.signal).then(setBlob, (err: unknown) => {
      if (!abort.signal.aborted) setFailed(errorMessage(err));
    });
    return () => abort.abort();
  }, [submissionId, doc.id, doc.deleted_at]);
  const label = t(`review.kind.${doc.kind}`);
  return (
    <Stack gap={4} data-testid={`identity-doc-${doc.kind}`}>
      <Text fw={600} size="sm">
        {label}
      </Text>
      {doc.deleted_at !== null && <Text c="dimmed">{t('review.deleted')}</Text>}
      {failed !== null && (
        <Alert color="red">
          {t('review.loadFailed')} {failed}
        </Alert>
      )}
      {url !== null &&
        (doc.mime === 'application/pdf' ? (
          <Anchor href={url} target="_blank" rel="noreferrer">
            {t('review.openPdf')}
          </Anchor>
        ) : (
          <Image src={url} alt={label} fit="contain" mah={360} radius="sm" />
        ))}
    </Stack>
  );
}

function Typed({ s }: { s: IdentitySubmissionDetail }) {
  const { t } = useT(IDENTITY_NS);
  const address = [s.address_line1, s.address_line2, s.city, s.postal_code].filter(Boolean).join(', ');
  const rows: [string, string | number | null][] = [
    ['legal_name', s.legal_name],
    ['date_of_birth', s.date_of_birth],
    ['country', s.country],
    ['address', address === '' ? null : address],
    ['email', s.email],
    ['member_country', s.member_country],
    ['identity_level', s.identity_level],
  ];
  return (
    <Table data-testid="identity-typed">
      <Table.Tbody>
        {rows
          .filter(([, v]) => v !== null)
          .map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Th>{t(`review.fields.${k}`)}</Table.Th>
              <Table.Td>{String(v)}</Table.Td>
            </Table.Tr>
          ))}
      </Table.Tbody>
    </Table>
  );
}

/** A submission under review: the documents beside what the member typed; approve, reject, or the second look. */
export function ReviewScreen({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useT(IDENTITY_NS);
  const detail = useIdentitySubmission(id);
  const decide = useDecideIdentity();
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState<ReviewAction | null>(null);
  const s = detail.data?.submission;

  const run = () => {
    if (pending === null) return;
    decide.mutate(pending, { onSettled: () => setPending(null) });
  };
  const confirmText = (a: ReviewAction, sub: IdentitySubmissionDetail) =>
    a.action === 'approve'
      ? t('review.confirmApprove', { level: sub.level, member: sub.username })
      : a.action === 'reject'
        ? t('review.confirmReject', { level: sub.level, member: sub.username })
        : t('review.confirmSecond');

  return (
    <Stack gap="md">
      <Group>
        <Button variant="subtle" onClick={onBack} data-testid="identity-back">
          {t('review.back')}
        </Button>
      </Group>
      <Spinner loading={detail.isPending} />
      {detail.isError && <ApiErrorAlert error={detail.error} />}
      {s !== undefined && (
        <>
          <Group justify="space-between" wrap="wrap">
            <Title order={3} fz="lg">
              {s.fullname} ({s.username}) · {t(`level.${s.level}`)}
            </Title>
            <Badge color={stateColor[s.state]} variant="light" data-testid="identity-review-state">
              {t(`state.${s.state}`)}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <SectionCard title={t('review.typed')}>
              <Typed s={s} />
            </SectionCard>
            <SectionCard title={t('review.documents')}>
              <Stack gap="md">
                {s.documents.map((d) => (
                  <DocumentView key={d.id} submissionId={s.id} doc={d} />
                ))}
              </Stack>
            </SectionCard>
          </SimpleGrid>
          {decide.isError && <ApiErrorAlert error={decide.error} />}
          {s.state === 'submitted' && (
            <Stack gap="sm">
              <Textarea
                label={t('review.rejectReason')}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                autosize
                minRows={2}
                maxLength={1000}
                data-testid="identity-reject-reason"
              />
              <Group justify="flex-end" gap="xs">
                <Button
                  color="red"
                  variant="light"
                  disabled={reason.trim().length < 3}
                  onClick={() => setPending({ id: s.id, action: 'reject', reason: reason.trim() })}
                  data-testid="identity-reject"
                >
                  {t('review.reject')}
                </Button>
                <Button
                  color="green"
                  onClick={() => setPending({ id: s.id, action: 'approve' })}
                  data-testid="identity-approve"
                >
                  {t('review.approve')}
                </Button>
              </Group>
            </Stack>
          )}
          {s.state === 'rejection_pending' && (
            <Stack gap="sm">
              <Alert color="orange">
                <Text size="sm">{t('review.secondLook')}</Text>
                {s.reviewer_name !== null && (
                  <Text size="sm" mt={4}>
                    {t('review.decidedBy', { name: s.reviewer_name })}
                  </Text>
                )}
                <Text size="sm" fw={600} mt={4}>
                  {s.reason}
                </Text>
              </Alert>
              <Group justify="flex-end" gap="xs">
                <Button
                  color="red"
                  variant="light"
                  onClick={() => setPending({ id: s.id, action: 'second-look', decision: 'confirm' })}
                  data-testid="identity-confirm-rejection"
                >
                  {t('review.confirmRejection')}
                </Button>
                <Button
                  color="green"
                  onClick={() => setPending({ id: s.id, action: 'second-look', decision: 'overturn' })}
                  data-testid="identity-overturn"
                >
                  {t('review.overturn')}
                </Button>
              </Group>
            </Stack>
          )}
          {(s.state === 'rejected' || s.state === 'approved') && s.reason !== null && (
            <Alert color="red">{t('reason', { reason: s.reason })}</Alert>
          )}
          <ConfirmDialog
            opened={pending !== null}
            onCancel={() => setPending(null)}
            onConfirm={run}
            loading={decide.isPending}
            message={pending === null ? '' : confirmText(pending, s)}
            confirmLabel={
              pending?.action === 'approve'
                ? t('review.approve')
                : pending?.action === 'reject'
                  ? t('review.reject')
                  : pending?.action === 'second-look' && pending.decision === 'overturn'
                    ? t('review.overturn')
                    : t('review.confirmRejection')
            }
          />
        </>
      )}
    </Stack>
  );
}
