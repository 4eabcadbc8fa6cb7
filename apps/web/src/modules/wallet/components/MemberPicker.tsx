import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UserRecord } from '@sgx/contracts';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { useUsersList } from '../../users/api/usersApi';
import { ADMIN_USERS_NS } from '../../users/i18n';

interface MemberPickerProps {
  label?: string;
  value: UserRecord | null;
  onChange: (member: UserRecord | null) => void;
  error?: string | undefined;
  description?: string;
}

const optionLabel = (u: UserRecord) => `${u.username} · ${u.fullname} (#${u.id})`;

/**
 * Admin: finds a member by username, name, email, phone or referral code (server search) and picks one.
 * The chosen member's id is what the money forms send.
 */
export function MemberPicker({ label, value, onChange, error, description }: MemberPickerProps) {
  const { t } = useT(ADMIN_USERS_NS);
  const [search, setSearch] = useState('');
  const selectedLabel = value === null ? '' : optionLabel(value);
  const typed = search === selectedLabel ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, 300);
  const users = useUsersList({ page: 1, limit: 10, search: debounced });
  const found = (users.data?.allusers ?? []).filter((u) => u.role === 'user');
  const options = value !== null && !found.some((u) => u.id === value.id) ? [value, ...found] : found;

  return (
    <Select
      label={label ?? t('picker.label')}
      description={description}
      placeholder={t('picker.placeholder')}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      value={value === null ? null : String(value.id)}
      onChange={(id) => onChange(options.find((u) => String(u.id) === id) ?? null)}
      data={options.map((u) => ({ value: String(u.id), label: optionLabel(u) }))}
      filter={({ options: all }) => all}
      nothingFoundMessage={users.isFetching ? t('picker.searching') : t('picker.none')}
      rightSection={users.isFetching ? <Loader size="xs" /> : undefined}
      error={error}
    />
  );
}
