import { Alert, AspectRatio, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconEye, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { tr, useT } from '../../../i18n/i18n';
import { formatDateTime } from '../../../ui/format';
import { embedUrl } from '../../watch/components/embed';
import { fetchVideo, type Video, videoKeys } from '../api/videosApi';
import { VIDEOS_NS } from '../i18n';
import { VideoStateBadge } from './VideoCard';

function audience(video: Video): string {
  if (video.status === 'draft') return tr('videos:preview.draft');
  if (video.status === 'scheduled')
    return tr('videos:preview.scheduled', { when: formatDateTime(video.publish_at) });
  return tr('videos:preview.live');
}

interface VideoPreviewDialogProps {
  /** The video to preview, or null when the dialog is closed. */
  video: Video | null;
  onClose: () => void;
}

/**
 * The admin's preview (decision 0037): the video as the server keeps it (drafts and scheduled ones too),
 * shown the way the members' watch dialog shows it (player, title), with Start Watching for show only.
 */
export function VideoPreviewDialog({ video, onClose }: VideoPreviewDialogProps) {
  const { t } = useT(VIDEOS_NS);
  const fresh = useQuery({
    queryKey: videoKeys.one(video?.id ?? 0),
    queryFn: ({ signal }) => fetchVideo(video?.id ?? 0, signal),
    enabled: video !== null,
    select: (res) => res.data,
  });
  const shown = fresh.data ?? video;
  const embed = shown ? embedUrl(shown.url) : null;
  return (
    <Modal opened={video !== null} onClose={onClose} title={t('preview.title')} size="lg" centered>
      {shown && (
        <Stack gap="md">
          <Alert color="blue" variant="light" icon={<IconEye size={18} />} data-testid="preview-audience">
            <Group gap="xs">
              <VideoStateBadge video={shown} />
              <Text size="sm">{audience(shown)}</Text>
            </Group>
          </Alert>
          <Text fw={700} size="lg">
            {t('preview.today')}
          </Text>
          <AspectRatio ratio={16 / 9}>
            {embed !== null ? (
              <iframe
                src={embed}
                title={shown.title}
                allow="encrypted-media; picture-in-picture"
                allowFullScreen
                style={{ border: 0, borderRadius: 8 }}
              />
            ) : (
              <Stack bg="gray.1" justify="center" align="center" style={{ borderRadius: 8 }}>
                <Text c="dimmed">{t('preview.none')}</Text>
              </Stack>
            )}
          </AspectRatio>
          <Text fw={600} size="sm" data-testid="preview-title">
            {shown.title}
          </Text>
          <Group justify="center">
            <Button leftSection={<IconPlayerPlay size={18} />} disabled>
              {t('preview.start')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
