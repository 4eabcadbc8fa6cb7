import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { NewsBody } from '@sgx/contracts';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { ApiErrorAlert } from '../../../ui/ApiErrorAlert';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ErrorDialog } from '../../../ui/ErrorDialog';
import { formatDateTime } from '../../../ui/format';
import { schemaErrors } from '../../../ui/formErrors';
import { LoadError } from '../../../ui/LoadError';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { SectionCard } from '../../../ui/SectionCard';
import { Spinner } from '../../../ui/Spinner';
import { useStaffMay } from '../../auth/hooks/useStaffMay';
import { type NewsEntry, type NewsValues, useDeleteNews, useNewsList, useSaveNews } from '../api/contentApi';
import { messageOr } from '../api/upload';
import { CONTENT_NS } from '../i18n';

function NewsFormDialog({ item, onClose }: { item: NewsEntry | 'new' | null; onClose: () => void }) {
  const { t } = useT(CONTENT_NS);
  const save = useSaveNews();
  const editing = item !== null && item !== 'new' ? item : null;
  const form = useForm<NewsValues>({
    initialValues: editing
      ? { title: editing.title, body: editing.body, published: editing.published }
      : { title: '', body: '', published: true },
    validate: (values) => schemaErrors(NewsBody, values),
  });
  const close = () => {
    if (!save.isPending) onClose();
  };
  return (
    <Modal opened onClose={close} title={editing ? t('news.editNews') : t('news.addNews')} centered size="lg">
      <form
        noValidate
        aria-label={editing ? t('news.editNews') : t('news.addNews')}
        onSubmit={form.onSubmit((values) =>
          save.mutate(
            {
              id: editing?.id ?? null,
              values: { ...values, title: values.title.trim(), body: values.body.trim() },
            },
            {
              onSuccess: (res) => {
                toast.success(serverText(res.message), { duration: 3000 });
                onClose();
              },
            },
          ),
        )}
      >
        <Stack gap="md">
          {save.isError && <ApiErrorAlert error={save.error} />}
          <TextInput
            label={t('news.title')}
            required
            maxLength={200}
            data-autofocus
            {...form.getInputProps('title')}
          />
          <Textarea
            label={t('news.text')}
            required
            autosize
            minRows={5}
            maxRows={14}
            {...form.getInputProps('body')}
          />
          <Switch
            label={t('news.published')}
            description={t('news.publishedHelp')}
            {...form.getInputProps('published', { type: 'checkbox' })}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={save.isPending}>
              {t('news.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {editing ? t('news.saveChanges') : t('news.publish')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** News management: POST /news/add, GET /news/list, PUT and DELETE /news/{id}. */
export function NewsPanel() {
  const { t } = useT(CONTENT_NS);
  const news = useNewsList();
  const remove = useDeleteNews();
  const [editing, setEditing] = useState<NewsEntry | 'new' | null>(null);
  const [pendingDelete, setPendingDelete] = useState<NewsEntry | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const mayWrite = useStaffMay('content');
  const columns: ResponsiveColumn<NewsEntry>[] = [
    {
      key: 'title',
      header: t('news.title'),
      hideOnPhone: true,
      render: (n) => (
        <Text size="sm" fw={600}>
          {n.title}
        </Text>
      ),
    },
    {
      key: 'body',
      header: t('news.text'),
      wide: true,
      render: (n) => (
        <Text size="sm" lineClamp={2} maw={460} style={{ whiteSpace: 'pre-wrap' }}>
          {n.body}
        </Text>
      ),
    },
    {
      key: 'state',
      header: t('news.state'),
      nowrap: true,
      render: (n) => (
        <Badge variant="light" color={n.published ? 'teal' : 'gray'}>
          {n.published ? t('news.published') : t('news.draft')}
        </Badge>
      ),
    },
    {
      key: 'updated',
      header: t('news.updated'),
      nowrap: true,
      render: (n) => formatDateTime(n.updated_at),
    },
    {
      key: 'actions',
      writeArea: 'content',
      header: t('news.actions'),
      stickyEnd: true,
      render: (n) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('news.edit')}>
            <ActionIcon
              variant="subtle"
              onClick={() => setEditing(n)}
              aria-label={t('news.editItem', { title: n.title })}
            >
              <IconEdit size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('news.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => setPendingDelete(n)}
              aria-label={t('news.deleteItem', { title: n.title })}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <SectionCard
      title={t('news.panelTitle')}
      description={t('news.panelDescription')}
      actions={
        mayWrite && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing('new')}>
            {t('news.addNews')}
          </Button>
        )
      }
    >
      {news.isError && (
        <LoadError
          title={t('news.loadError')}
          error={news.error}
          onRetry={() => void news.refetch()}
          loadedAt={news.dataUpdatedAt}
        />
      )}
      <Spinner loading={news.isPending} />
      {news.data !== undefined && (
        <ResponsiveTable
          rows={news.data}
          columns={columns}
          rowKey={(n) => n.id}
          emptyText={t('news.empty')}
          minWidth={720}
          heading={(n) => <Text fw={600}>{n.title}</Text>}
        />
      )}
      {editing !== null && (
        <NewsFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          item={editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        opened={pendingDelete !== null}
        onCancel={() => setPendingDelete(null)}
        loading={remove.isPending}
        onConfirm={() => {
          if (pendingDelete === null) return;
          remove.mutate(pendingDelete.id, {
            onSuccess: (res) => toast.success(serverText(res.message), { duration: 3000 }),
            onError: (e) => setFailure(messageOr(e, t('news.deleteFailed'))),
            onSettled: () => setPendingDelete(null),
          });
        }}
      />
      {failure !== null && <ErrorDialog error={failure} onClose={() => setFailure(null)} />}
    </SectionCard>
  );
}
