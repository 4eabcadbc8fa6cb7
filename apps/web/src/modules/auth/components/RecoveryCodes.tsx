import { Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconKey } from '@tabler/icons-react';
import { useT } from '../../../i18n/i18n';
import { RECOVERY_NS } from '../../recovery/i18n';
import { recoveryCodesText } from '../twoFactorText';

interface RecoveryCodesProps {
  codes: string[];
  /** 'I have saved them': the codes are not shown again. */
  onDone: () => void;
}

function download(codes: string[], heading: string[]) {
  const url = URL.createObjectURL(new Blob([recoveryCodesText(codes, heading)], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'socialgenx-recovery-codes.txt';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The recovery codes, shown once: copy them, download them, then say they are saved. */
export function RecoveryCodes({ codes, onDone }: RecoveryCodesProps) {
  const { t } = useT(RECOVERY_NS);
  return (
    <Stack gap="md">
      <Alert color="orange" icon={<IconKey size={18} />} title={t('codes.saveTitle')}>
        {t('codes.saveText')}
      </Alert>
      <SimpleGrid
        cols={2}
        spacing="xs"
        component="ul"
        aria-label={t('codes.listLabel')}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {codes.map((code) => (
          <Text key={code} component="li" ff="monospace" size="md" ta="center" py={4} bg="gray.0">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? t('codes.copied') : t('codes.copy')}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => download(codes, [t('codes.fileTitle'), t('codes.fileNote')])}
        >
          {t('codes.download')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('codes.once')}
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone}>{t('codes.saved')}</Button>
      </Group>
    </Stack>
  );
}
