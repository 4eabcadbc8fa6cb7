import { Alert, Button, Card, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconMovie, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../i18n/i18n';
import { serverText } from '../../i18n/server';
import { useStaffMay } from '../../modules/auth/hooks/useStaffMay';
import { membersVideoId, type Video, type VideoValues } from '../../modules/videos/api/videosApi';
import { DeleteVideoDialog } from '../../modules/videos/components/DeleteVideoDialog';
import { VideoCard } from '../../modules/videos/components/VideoCard';
import { VideoFormDialog } from '../../modules/videos/components/VideoFormDialog';
import { VideoPreviewDialog } from '../../modules/videos/components/VideoPreviewDialog';
import { useVideoStore } from '../../modules/videos/hooks/useVideoStore';
import { VIDEOS_NS } from '../../modules/videos/i18n';
import { serverFieldErrors } from '../../ui/formErrors';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';

/**
 * /admin/video-manager (spec 2.7): the watch-and-earn video library. Members watch the live video published last;
 * drafts and scheduled videos wait, each with a preview and Publish now (decision 0037).
 */
export default function VideoManagerPage() {
  const { t } = useT(VIDEOS_NS);
  const store = useVideoStore();
  const [formOpen, setFormOpen] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [pendingDelete, setPendingDelete] = useState<Video | null>(null);
  const [preview, setPreview] = useState<Video | null>(null);

  const openForm = (video: Video | null) => {
    store.clearError();
    setServerErrors({});
    store.setCurrent(video);
    setFormOpen(true);
  };
  const closeForm = () => {
    if (store.create.isPending || store.update.isPending) return;
    setFormOpen(false);
    store.clearError();
  };

  const save = (values: VideoValues) => {
    const done = {
      onSuccess: () => setFormOpen(false),
      onError: (e: unknown) => setServerErrors(serverFieldErrors(e, { publish_at: 'publishAt' })),
    };
    if (store.current === null) store.create.mutate(values, done);
    else store.update.mutate({ id: store.current.id, values }, done);
  };

  const confirmDelete = () => {
    if (pendingDelete === null) return;
    store.remove.mutate(pendingDelete.id, { onSettled: () => setPendingDelete(null) });
  };

  const videos = store.videos;
  const watched = videos === undefined ? null : membersVideoId(videos);
  const publishingId = store.publish.isPending ? store.publish.variables : null;
  const mayWrite = useStaffMay('content');
  return (
    <PageShell
      title={t('page.title')}
      description={t('page.description')}
      actions={
        videos !== undefined && videos.length > 0 && mayWrite ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => openForm(null)}>
            {t('page.add')}
          </Button>
        ) : null
      }
    >
      {store.message !== null && (
        <Alert color="green" icon={<IconCheck size={18} />} role="status" data-testid="video-message">
          {serverText(store.message)}
        </Alert>
      )}
      {store.error !== null && !formOpen && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          withCloseButton
          onClose={store.clearError}
          closeButtonLabel={t('page.dismiss')}
        >
          {store.error}
        </Alert>
      )}
      {store.list.isError && (
        <LoadError
          title={store.loadError ?? t('store.fetchFailed')}
          error={store.list.error}
          onRetry={() => void store.list.refetch()}
          loadedAt={store.list.dataUpdatedAt}
        />
      )}
      <Spinner loading={store.list.isPending} />

      {videos !== undefined && videos.length === 0 && (
        <Card withBorder radius="lg" padding="xl">
          <Stack align="center" gap="sm" py="lg">
            <ThemeIcon size={56} radius="xl" variant="light">
              <IconMovie size={30} />
            </ThemeIcon>
            <Text fw={600} size="lg">
              {t('page.noVideos')}
            </Text>
            <Text c="dimmed" size="sm" ta="center">
              {t('page.noVideosHelp')}
            </Text>
            {mayWrite && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => openForm(null)}>
                {t('page.addFirst')}
              </Button>
            )}
          </Stack>
        </Card>
      )}

      {videos !== undefined && videos.length > 0 && (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="md"
          component="ul"
          aria-label={t('page.videos')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {videos.map((v) => (
            <li key={v.id}>
              <VideoCard
                video={v}
                latest={v.id === watched}
                onEdit={openForm}
                onDelete={setPendingDelete}
                onPreview={setPreview}
                onPublish={(video) => store.publish.mutate(video.id)}
                publishing={publishingId === v.id}
              />
            </li>
          ))}
        </SimpleGrid>
      )}

      <VideoFormDialog
        opened={formOpen}
        video={store.current}
        saving={store.create.isPending || store.update.isPending}
        error={formOpen ? store.error : null}
        serverErrors={serverErrors}
        onCancel={closeForm}
        onSave={save}
      />
      <VideoPreviewDialog video={preview} onClose={() => setPreview(null)} />
      <DeleteVideoDialog
        video={pendingDelete}
        deleting={store.remove.isPending}
        onCancel={() => setPendingDelete(null)}
        onConfirm={confirmDelete}
      />
    </PageShell>
  );
}
