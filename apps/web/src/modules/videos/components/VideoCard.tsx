import { Anchor, Badge, Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconBrandVimeo,
  IconBrandYoutube,
  IconEdit,
  IconEye,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { formatDate, formatDateTime } from '../../../ui/format';
import type { Video } from '../api/videosApi';

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
  return text === '-' ? 'N/A' : text;
}

/** Where the video stands for members (decision 0037): "Draft", "Scheduled · <when>" or "Live". */
export function VideoStateBadge({ video }: { video: Video }) {
  if (video.status === 'draft') {
    return (
      <Badge size="sm" color="gray" variant="light" tt="none" data-testid="video-state">
        Draft
      </Badge>
    );
  }
  if (video.status === 'scheduled') {
    return (
      <Badge size="sm" color="blue" variant="light" tt="none" data-testid="video-state">
        Scheduled · {formatDateTime(video.publish_at)}
      </Badge>
    );
  }
  return (
    <Badge size="sm" color="green" variant="light" tt="none" data-testid="video-state">
      Live
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
                  Members watch this one
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
          Uploaded: {uploadedDate(video.created_at)}
        </Text>
        <Group gap="xs" justify="flex-end">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEye size={14} />}
            onClick={() => onPreview(video)}
            aria-label={`Preview ${video.title}`}
          >
            Preview
          </Button>
          {video.status !== 'published' && (
            <Button
              size="xs"
              color="green"
              variant="light"
              leftSection={<IconSend size={14} />}
              onClick={() => onPublish(video)}
              loading={publishing}
              aria-label={`Publish ${video.title} now`}
            >
              Publish now
            </Button>
          )}
          <Button
            size="xs"
            variant="light"
            leftSection={<IconEdit size={14} />}
            onClick={() => onEdit(video)}
            aria-label={`Edit ${video.title}`}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => onDelete(video)}
            aria-label={`Delete ${video.title}`}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
