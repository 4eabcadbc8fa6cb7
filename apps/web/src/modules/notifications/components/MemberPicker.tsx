import {
  ActionIcon,
  Badge,
  Checkbox,
  Group,
  Loader,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../app/apiError';
import { useT } from '../../../i18n/i18n';
import { useUsersList } from '../../users/api/usersApi';
import { ADMIN_NOTIFICATIONS_NS } from '../adminI18n';

/** A chosen member, kept with the names shown in the list (the spec's undefined-names defect, fixed). */
export interface ChosenMember {
  id: number;
  username: string;
  fullname: string;
}

interface MemberPickerProps {
  selected: readonly ChosenMember[];
  onChange: (next: ChosenMember[]) => void;
  error?: string | undefined;
}

const SEARCH_LIMIT = 10;

/** Search members (GET /users/list?search=&limit=), tick them, and see the chosen ones with Remove. */
export function MemberPicker({ selected, onChange, error }: MemberPickerProps) {
  const { t } = useT(ADMIN_NOTIFICATIONS_NS);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const users = useUsersList({ page: 1, limit: SEARCH_LIMIT, search: debounced });
  const chosen = new Set(selected.map((m) => m.id));

  const toggle = (member: ChosenMember, on: boolean) => {
    if (on) {
      if (!chosen.has(member.id)) onChange([...selected, member]);
    } else {
      onChange(selected.filter((m) => m.id !== member.id));
    }
  };

  const found = users.data?.allusers.filter((u) => u.role === 'user') ?? [];

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder radius="md" p="sm">
        <Stack gap="xs">
          <TextInput
            label={t('picker.find')}
            placeholder={t('picker.findPlaceholder')}
            leftSection={<IconSearch size={16} />}
            rightSection={users.isFetching ? <Loader size="xs" /> : null}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          {users.isError && (
            <Text size="sm" c="red" role="alert">
              {errorMessage(users.error)}
            </Text>
          )}
          <ScrollArea.Autosize mah={260} type="auto">
            <Stack gap={6} role="group" aria-label={t('picker.results')}>
              {users.data !== undefined && found.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('picker.none')}
                </Text>
              )}
              {found.map((u) => (
                <Checkbox
                  key={u.id}
                  checked={chosen.has(u.id)}
                  onChange={(e) =>
                    toggle({ id: u.id, username: u.username, fullname: u.fullname }, e.currentTarget.checked)
                  }
                  aria-label={`${u.fullname} (${u.email})`}
                  label={
                    <span>
                      <Text span size="sm" fw={500}>
                        {u.fullname}
                      </Text>{' '}
                      <Text span size="xs" c="dimmed">
                        {u.username} · {u.email}
                      </Text>
                    </span>
                  }
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
          {users.data !== undefined && users.data.totalPages > 1 && (
            <Text size="xs" c="dimmed">
              {t('picker.more', { n: SEARCH_LIMIT })}
            </Text>
          )}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" mb="xs">
          <Text size="sm" fw={600}>
            {t('picker.selected')}
          </Text>
          <Badge variant="light" data-testid="selected-count">
            {selected.length}
          </Badge>
        </Group>
        {selected.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('picker.noneChosen')}
          </Text>
        ) : (
          <Stack
            gap={4}
            component="ul"
            aria-label={t('picker.selected')}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {selected.map((m) => (
              <Group key={m.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" truncate>
                  {m.fullname}{' '}
                  <Text span size="xs" c="dimmed">
                    {m.username}
                  </Text>
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => toggle(m, false)}
                  aria-label={t('picker.remove', { name: m.fullname })}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
        {error !== undefined && (
          <Text size="sm" c="red" mt="xs" role="alert">
            {error}
          </Text>
        )}
      </Paper>
    </SimpleGrid>
  );
}
