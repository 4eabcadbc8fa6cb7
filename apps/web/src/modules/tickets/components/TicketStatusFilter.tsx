import { Select } from '@mantine/core';
import { useT } from '../../../i18n/i18n';
import { statusLabel, ticketStatuses } from '../api/ticketsApi';
import { TICKETS_NS } from '../i18n';

export function TicketStatusFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useT(TICKETS_NS);
  const options = [
    { value: '', label: t('status.all') },
    ...ticketStatuses.map((s) => ({ value: s, label: statusLabel(s) })),
  ];
  return (
    <Select
      aria-label={t('status.label')}
      data={options}
      value={value}
      onChange={(v) => onChange(v ?? '')}
      allowDeselect={false}
      w={{ base: '100%', xs: 170 }}
    />
  );
}
