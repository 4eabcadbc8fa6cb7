import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import type { RuleVersionRecord } from '@sgx/contracts';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { formatDateTime } from '../../../ui/format';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { useStaffCheck } from '../../auth/hooks/useStaffMay';
import { RULES_NS } from '../i18n';
import { RuleChanges } from './RuleChanges';

/** The approval a version came from: its audit entries for who reads the trail, else the approvals, else its number. */
function ApprovalLink({ id }: { id: number }) {
  const { t } = useT(RULES_NS);
  const check = useStaffCheck();
  const may = (area: 'audit' | 'approvals') => check === null || check(area, 'read');
  const to = may('audit')
    ? `/admin/audit?record=approval:${id}`
    : may('approvals')
      ? '/admin/approvals'
      : null;
  if (to === null) return <>#{id}</>;
  return (
    <Anchor component={Link} to={to} size="sm" aria-label={t('list.approvalLink', { id })}>
      #{id}
    </Anchor>
  );
}

/** Versions of the economic rules, the newest first: a table on wider screens, a card each on a phone. */
export function RuleVersionsTable({
  versions,
  onOpen,
}: {
  versions: RuleVersionRecord[];
  onOpen: (version: number) => void;
}) {
  const { t } = useT(RULES_NS);
  const open = (v: RuleVersionRecord) => (
    <Button
      size="compact-sm"
      variant="light"
      onClick={() => onOpen(v.version)}
      aria-label={t('list.openLabel', { n: v.version })}
    >
      {t('list.versionN', { n: v.version })}
    </Button>
  );
  const until = (v: RuleVersionRecord) =>
    v.until === null ? (
      <Badge color="green" variant="light" data-testid="rule-in-force">
        {t('list.inForce')}
      </Badge>
    ) : (
      formatDateTime(v.until)
    );
  const columns: ResponsiveColumn<RuleVersionRecord>[] = [
    { key: 'version', header: t('list.version'), render: open, nowrap: true, hideOnPhone: true },
    { key: 'from', header: t('list.from'), render: (v) => formatDateTime(v.from) },
    { key: 'until', header: t('list.until'), render: until },
    { key: 'cause', header: t('list.cause'), render: (v) => t(`cause.${v.cause}`) },
    { key: 'who', header: t('list.who'), render: (v) => v.changed_by ?? t('list.system') },
    {
      key: 'approval',
      header: t('list.approval'),
      render: (v) => (v.approval_id === null ? '—' : <ApprovalLink id={v.approval_id} />),
    },
    { key: 'reason', header: t('list.reason'), render: (v) => v.reason ?? '—', wide: true },
    { key: 'changes', header: t('list.changes'), render: (v) => <RuleChanges version={v} />, wide: true },
  ];
  return (
    <div data-testid="rule-versions">
      <ResponsiveTable
        rows={versions}
        columns={columns}
        rowKey={(v) => v.version}
        rowLabel={(v) => t('list.versionN', { n: v.version })}
        emptyText={t('list.empty')}
        minWidth={900}
        heading={(v) => (
          <Group justify="space-between" gap="xs" wrap="wrap">
            {open(v)}
            <Text size="xs" c="dimmed">
              {t(`cause.${v.cause}`)}
            </Text>
          </Group>
        )}
      />
    </div>
  );
}
