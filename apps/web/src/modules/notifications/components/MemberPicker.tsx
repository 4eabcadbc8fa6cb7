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
import { useUsersList } from '../../users/api/usersApi';

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
            label="Find members"
            placeholder="Username, name, e-mail or phone"
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
            <Stack gap={6} role="group" aria-label="Search results">
              {users.data !== undefined && found.length === 0 && (
                <Text size="sm" c="dimmed">
                  No members match.
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
              Showing the first {SEARCH_LIMIT} matches. Narrow the search to find others.
            </Text>
          )}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" mb="xs">
          <Text size="sm" fw={600}>
            Selected members
          </Text>
          <Badge variant="light" data-testid="selected-count">
            {selected.length}
          </Badge>
        </Group>
        {selected.length === 0 ? (
          <Text size="sm" c="dimmed">
            No member chosen yet.
          </Text>
        ) : (
          <Stack
            gap={4}
            component="ul"
            aria-label="Selected members"
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
                  aria-label={`Remove ${m.fullname}`}
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
