import { Card, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../../i18n/i18n';
import { formatDateTime } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { Spinner } from '../../../ui/Spinner';
import { useNewsList } from '../api/contentApi';
import { CONTENT_NS } from '../i18n';

/** The published news, newest first, as members read it. */
export function MemberNewsFeed() {
  const { t } = useT(CONTENT_NS);
  const news = useNewsList();
  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="sm">
        <Title order={3}>{t('feed.title')}</Title>
        {news.isError && (
          <LoadError title={t('feed.loadError')} error={news.error} onRetry={() => void news.refetch()} />
        )}
        <Spinner loading={news.isPending} />
        {news.data?.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('feed.empty')}
          </Text>
        )}
        {news.data?.map((n) => (
          <Stack key={n.id} gap={2}>
            <Text fw={600}>{n.title}</Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(n.created_at)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {n.body}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
