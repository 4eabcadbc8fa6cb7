import { Anchor, Badge, Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandVimeo, IconBrandYoutube, IconEdit, IconTrash } from '@tabler/icons-react';
import { formatDate } from '../../../ui/format';
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

interface VideoCardProps {
  video: Video;
  /** The newest video is the one members watch. */
  latest: boolean;
  onEdit: (video: Video) => void;
  onDelete: (video: Video) => void;
}

/** One video of the library: title, link, uploaded date, Edit and Delete. */
export function VideoCard({ video, latest, onEdit, onDelete }: VideoCardProps) {
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
            {latest && (
              <Badge size="xs" color="teal" variant="light" mt={4}>
                Members watch this one
              </Badge>
            )}
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
