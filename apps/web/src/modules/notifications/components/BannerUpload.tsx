import { Alert, Button, FileInput, Group, Image, Stack, Text } from '@mantine/core';
import { IconCheck, IconPhoto, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { useTimedMessage } from '../../../ui/useTimedMessage';
import { IMAGE_TYPES, imageFileError, messageOr } from '../../content/api/upload';
import { CONTENT_NS } from '../../content/i18n';
import { ADMIN_NOTIFICATIONS_NS } from '../adminI18n';
import { useBanner, useUploadBanner } from '../api/notificationsApi';

/** Upload Banner (spec 2.4): one image (PNG, JPEG, GIF or WebP, at most 2 MB) sent as the field `image`. */
export function BannerUpload() {
  const { t } = useT(ADMIN_NOTIFICATIONS_NS);
  useT(CONTENT_NS); // imageFileError's texts
  const banner = useBanner();
  const upload = useUploadBanner();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, showMessage] = useTimedMessage();

  const choose = (next: File | null) => {
    setFile(next);
    setError(next === null ? null : imageFileError(next));
  };

  const send = () => {
    const problem = imageFileError(file);
    if (problem !== null || file === null) {
      setError(problem);
      return;
    }
    upload.mutate(file, {
      onSuccess: (res) => {
        setFile(null);
        showMessage(serverText(res.message));
      },
      onError: (e) => setError(messageOr(e, t('banner.failed'))),
    });
  };

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <FileInput
          label={t('banner.label')}
          description={t('banner.help')}
          placeholder={t('banner.choose')}
          accept={IMAGE_TYPES.join(',')}
          leftSection={<IconPhoto size={16} />}
          value={file}
          onChange={choose}
          error={error}
          clearable
          style={{ flex: '1 1 260px' }}
        />
        <Button
          variant="light"
          leftSection={<IconUpload size={16} />}
          onClick={send}
          loading={upload.isPending}
          disabled={file === null || error !== null}
        >
          {t('banner.upload')}
        </Button>
      </Group>
      {message !== null && (
        <Alert color="green" icon={<IconCheck size={18} />} role="status" py="xs">
          {message}
        </Alert>
      )}
      {banner.data ? (
        <Group gap="sm" wrap="nowrap" align="center">
          <Image
            src={banner.data.url}
            alt={t('banner.current')}
            h={56}
            w={140}
            fit="cover"
            radius="sm"
            style={{ flex: 'none' }}
          />
          <Text size="xs" c="dimmed">
            {t('banner.current')}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
