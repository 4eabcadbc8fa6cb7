import { Anchor, Badge, Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconBrandVimeo,
  IconBrandYoutube,
  IconEdit,
  IconEye,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { tr, useT } from '../../../i18n/i18n';
import { formatDate, formatDateTime } from '../../../ui/format';
import { useStaffMay } from '../../auth/hooks/useStaffMay';
import type { Video } from '../api/videosApi';
import { VIDEOS_NS } from '../i18n';

function isVimeo(url: string) {
  try {
    return new URL(url).hostname.includes('vimeo.com');
  } catch {
    return false;
  }
}

/** The uploaded date, or N/A when there is none (spec 2.7). */
export function uploadedDate(value: string | null | undefined): string {
  const text = formatDate(value);
  return text === '-' ? tr('videos:card.na') : text;
}

/** Where the video stands for members (decision 0037): "Draft", "Scheduled · <when>" or "Live". */
export function VideoStateBadge({ video }: { video: Video }) {
  const { t } = useT(VIDEOS_NS);
  if (video.status === 'draft') {
    return (
      <Badge size="sm" color="gray" variant="light" tt="none" data-testid="video-state">
        {t('card.draft')}
      </Badge>
    );
  }
  if (video.status === 'scheduled') {
    return (
      <Badge size="sm" color="blue" variant="light" tt="none" data-testid="video-state">
        {t('card.scheduled', { when: formatDateTime(video.publish_at) })}
      </Badge>
    );
  }
  return (
    <Badge size="sm" color="green" variant="light" tt="none" data-testid="video-state">
      {t('card.live')}
    </Badge>
  );
}

interface VideoCardProps {
  video: Video;
  /** The live video published last is the one members watch. */
  latest: boolean;
  onEdit: (video: Video) => void;
  onDelete: (video: Video) => void;
  onPreview: (video: Video) => void;
  onPublish: (video: Video) => void;
  publishing: boolean;
}

/** One video of the library: title, state, link, uploaded date; Preview, Publish now, Edit and Delete. */
export function VideoCard({
  video,
  latest,
  onEdit,
  onDelete,
  onPreview,
  onPublish,
  publishing,
}: VideoCardProps) {
  const { t } = useT(VIDEOS_NS);
  // Staff who may only read the videos (compliance) preview them; the rest is content's (decision 0042).
  const mayWrite = useStaffMay('content');
  const vimeo = isVimeo(video.url);
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-label={video.title} h="100%">
      <Stack gap="xs" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color={vimeo ? 'cyan' : 'red'} size="lg" radius="md">
            {vimeo ? <IconBrandVimeo size={20} /> : <IconBrandYoutube size={20} />}
          </ThemeIcon>
          <div style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} lineClamp={2} style={{ wordBreak: 'break-word' }}>
              {video.title}
            </Text>
            <Group gap={6} mt={4}>
              <VideoStateBadge video={video} />
              {latest && (
                <Badge size="xs" color="teal" variant="light">
                  {t('card.watched')}
                </Badge>
              )}
            </Group>
          </div>
        </Group>
        <Anchor
          href={video.url}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          style={{ wordBreak: 'break-all' }}
        >
          {video.url}
        </Anchor>
        {video.description ? (
          <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
            {video.description}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed" mt="auto">
          {t('card.uploaded', { date: uploadedDate(video.created_at) })}
        </Text>
        <Group gap="xs" justify="flex-end">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEye size={14} />}
            onClick={() => onPreview(video)}
            aria-label={t('card.previewVideo', { title: video.title })}
          >
            {t('card.preview')}
          </Button>
          {mayWrite && (
            <>
              {video.status !== 'published' && (
                <Button
                  size="xs"
                  color="green"
                  variant="light"
                  leftSection={<IconSend size={14} />}
                  onClick={() => onPublish(video)}
                  loading={publishing}
                  aria-label={t('card.publishVideo', { title: video.title })}
                >
                  {t('card.publish')}
                </Button>
              )}
              <Button
                size="xs"
                variant="light"
                leftSection={<IconEdit size={14} />}
                onClick={() => onEdit(video)}
                aria-label={t('card.editVideo', { title: video.title })}
              >
                {t('card.edit')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => onDelete(video)}
                aria-label={t('card.deleteVideo', { title: video.title })}
              >
                {t('card.delete')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
