import { Alert, Button, Card, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UserRecord } from '@sgx/contracts';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../app/apiError';
import { useT } from '../../i18n/i18n';
import { serverText } from '../../i18n/server';
import { useDeleteUser, useUsersList } from '../../modules/users/api/usersApi';
import { UsersTable } from '../../modules/users/components/UsersTable';
import { ADMIN_USERS_NS } from '../../modules/users/i18n';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorDialog } from '../../ui/ErrorDialog';
import { formatDateTime } from '../../ui/format';
import { Pager } from '../../ui/ListPager';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';

const PAGE_SIZE = 20;

export default function UsersPage() {
  const { t } = useT(ADMIN_USERS_NS);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 350);
  const users = useUsersList({ page, limit: PAGE_SIZE, search: debounced });
  const remove = useDeleteUser();
  const [pendingDelete, setPendingDelete] = useState<UserRecord | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const confirmDelete = () => {
    if (pendingDelete === null) return;
    remove.mutate(pendingDelete.id, {
      onSuccess: (res) => {
        toast.success(serverText(res.message));
        setPendingDelete(null);
      },
      onError: (error) => {
        setPendingDelete(null);
        setDeleteError(errorMessage(error));
      },
    });
  };

  return (
    <PageShell title={t('list.title')} description={t('list.description')}>
      <Card withBorder radius="lg" padding="md">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <TextInput
              placeholder={t('list.search')}
              aria-label={t('list.searchLabel')}
              leftSection={<IconSearch size={16} />}
              rightSection={users.isFetching && !users.isPending ? <Loader size="xs" /> : null}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              w={{ base: '100%', sm: 380 }}
            />
            {users.data !== undefined && (
              <Text size="sm" c="dimmed" data-testid="users-total">
                {/* Members only (decision 0054): the dashboard's member count; staff are listed under Staff. */}
                {t(users.data.total === 1 ? 'list.memberOne' : 'list.memberMany', { n: users.data.total })}
              </Text>
            )}
          </Group>

          {users.isError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('list.loadError')}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{errorMessage(users.error)}</Text>
                {users.data !== undefined && (
                  <Text size="xs">
                    {t('list.lastLoaded', {
                      time: formatDateTime(new Date(users.dataUpdatedAt).toISOString()),
                    })}
                  </Text>
                )}
                <Button size="xs" variant="light" color="red" onClick={() => void users.refetch()}>
                  {t('list.retry')}
                </Button>
              </Stack>
            </Alert>
          )}

          <Spinner loading={users.isPending} />
          {users.data !== undefined && (
            <>
              <UsersTable users={users.data.allusers} onDelete={setPendingDelete} />
              {users.data.totalPages > 1 && (
                <Group justify="center">
                  <Pager
                    total={users.data.totalPages}
                    value={page}
                    onChange={setPage}
                    aria-label={t('list.pages')}
                  />
                </Group>
              )}
            </>
          )}
        </Stack>
      </Card>

      <ConfirmDialog
        opened={pendingDelete !== null}
        onCancel={() => setPendingDelete(null)}
        onConfirm={confirmDelete}
        loading={remove.isPending}
      />
      {deleteError !== null && <ErrorDialog error={deleteError} onClose={() => setDeleteError(null)} />}
    </PageShell>
  );
}
