import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../../../app/apiError';
import { useT } from '../../../i18n/i18n';
import { type auditFilterKeys, auditQuery, type AuditFilters as Filters } from '../api/auditApi';
import { AUDIT_NS } from '../i18n';

interface AuditFiltersProps {
  value: Filters;
  onSearch: (filters: Filters) => void;
  /** The server's refusal of the search, shown on its field (an account it could not find, a wrong date). */
  error?: unknown;
}

/** The audit search's filters: applied on Search (each is one index range on the server). */
export function AuditFilters({ value, onSearch, error }: AuditFiltersProps) {
  const { t } = useT(AUDIT_NS);
  const [draft, setDraft] = useState<Filters>(value);
  // The fields follow the page's query (a link, Clear, Back), not every redraw of the page.
  const applied = auditQuery(value).toString();
  useEffect(() => setDraft(Object.fromEntries(new URLSearchParams(applied))), [applied]);
  const refused = error instanceof ApiError ? error : undefined;
  const field = (key: (typeof auditFilterKeys)[number]) => ({
    value: draft[key] ?? '',
    error: refused?.field(key),
    onChange: (e: { currentTarget: { value: string } }) => {
      const next = e.currentTarget.value;
      setDraft((d) => ({ ...d, [key]: next }));
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSearch(draft);
  };
  return (
    <form onSubmit={submit} aria-label={t('filters.label')}>
      <Group align="flex-end" wrap="wrap" gap="sm">
        {/* Who, as people name them: a username or e-mail, or an account number (decision 0054). */}
        <TextInput
          label={t('filters.actor')}
          description={t('filters.whoHint')}
          w={{ base: '100%', sm: 220 }}
          {...field('actor')}
        />
        <TextInput
          label={t('filters.member')}
          description={t('filters.whoHint')}
          w={{ base: '100%', sm: 220 }}
          {...field('member')}
        />
        <TextInput
          label={t('filters.kind')}
          description={t('filters.kindHint')}
          w={{ base: '100%', sm: 240 }}
          {...field('kind')}
        />
        <TextInput
          label={t('filters.record')}
          description={t('filters.recordHint')}
          w={{ base: '100%', sm: 200 }}
          {...field('record')}
        />
        <TextInput label={t('filters.from')} type="date" w={160} {...field('from')} />
        <TextInput label={t('filters.to')} type="date" w={160} {...field('to')} />
        <Group gap="xs">
          <Button type="submit">{t('filters.search')}</Button>
          <Button
            variant="default"
            onClick={() => {
              setDraft({});
              onSearch({});
            }}
          >
            {t('filters.clear')}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
