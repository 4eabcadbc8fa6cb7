import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../i18n/i18n';
import { AUTH_NS } from '../../modules/auth/i18n';
import { CenteredPage } from '../../ui/CenteredPage';

export default function NotFoundPage() {
  const { t } = useT(AUTH_NS);
  return (
    <CenteredPage title={t('pages.notFound')}>
      <Stack align="center" ta="center" gap="md" maw={460}>
        <Text fz={64} fw={800} c="indigo.5" lh={1}>
          404
        </Text>
        <Title order={1} fz={26}>
          {t('pages.notFound')}
        </Title>
        <Text c="dimmed">{t('pages.notFoundText')}</Text>
        <Button component={Link} to="/">
          {t('pages.backHome')}
        </Button>
      </Stack>
    </CenteredPage>
  );
}
