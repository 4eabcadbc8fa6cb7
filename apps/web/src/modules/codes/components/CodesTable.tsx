import { Badge } from '@mantine/core';
import { useT } from '../../../i18n/i18n';
import { CopyText } from '../../../ui/CopyText';
import { formatDateTime } from '../../../ui/format';
import { MemberName } from '../../../ui/MemberName';
import { Money } from '../../../ui/Money';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { profilePath } from '../../users/profilePath';
import type { Code } from '../api/codesApi';
import { CODES_NS } from '../i18n';

export function CodesTable({ rows, emptyText }: { rows: readonly Code[]; emptyText?: string }) {
  const { t } = useT(CODES_NS);
  const columns: ResponsiveColumn<Code>[] = [
    {
      key: 'code',
      header: t('table.code'),
      nowrap: true,
      wide: true,
      render: (c) => <CopyText value={c.code} label={t('table.codeLabel', { code: c.code })} />,
    },
    {
      key: 'amount',
      header: t('table.value'),
      nowrap: true,
      render: (c) => <Money value={c.amount} fw={600} />,
    },
    {
      key: 'status',
      header: t('table.status'),
      nowrap: true,
      priority: 2,
      render: (c) => (
        <Badge
          variant="light"
          size="sm"
          color={c.redeemed_at === null ? 'indigo' : 'gray'}
          style={{ minWidth: 'max-content' }}
        >
          {c.redeemed_at === null ? t('table.unused') : t('table.redeemed')}
        </Badge>
      ),
    },
    {
      key: 'by',
      header: t('table.redeemedBy'),
      priority: 2,
      render: (c) =>
        c.redeemed_by === null ? (
          '-'
        ) : (
          <MemberName
            name={c.redeemed_by_fullname}
            username={c.redeemed_by_username ?? t('table.member', { id: c.redeemed_by })}
            id={c.redeemed_by}
            to={profilePath(c.redeemed_by)}
          />
        ),
    },
    {
      key: 'created',
      header: t('table.issued'),
      nowrap: true,
      priority: 3,
      render: (c) => formatDateTime(c.created_at),
    },
    {
      key: 'at',
      header: t('table.redeemedAt'),
      nowrap: true,
      priority: 3,
      render: (c) => formatDateTime(c.redeemed_at),
    },
  ];
  return (
    <ResponsiveTable
      rows={rows}
      columns={columns}
      rowKey={(c) => c.id}
      emptyText={emptyText ?? t('table.empty')}
      rowLabel={(c) => t('table.codeLabel', { code: c.code })}
    />
  );
}
