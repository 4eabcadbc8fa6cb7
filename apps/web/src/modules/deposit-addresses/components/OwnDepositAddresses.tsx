import { Alert, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useT } from '../../../i18n/i18n';
import { LoadError } from '../../../ui/LoadError';
import { useMemberDepositAddresses } from '../api/memberAddressesApi';
import { DEPOSIT_ADDRESSES_NS } from '../i18n';
import { OwnAddressCard } from './OwnAddressCard';

/**
 * The member's own deposit addresses (issue 20), one card per network: whatever reaches them, from any
 * sender, is credited to the member. Loading, a failed read (with Retry) and none set up yet each say so.
 */
export function OwnDepositAddresses() {
  const { t } = useT(DEPOSIT_ADDRESSES_NS);
  const own = useMemberDepositAddresses();
  if (own.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" role="status" aria-label={t('own.loading')}>
        <Skeleton h={420} radius="lg" />
        <Skeleton h={420} radius="lg" visibleFrom="md" />
      </SimpleGrid>
    );
  }
  const error = own.isError && (
    <LoadError
      title={t('own.loadError')}
      error={own.error}
      onRetry={() => void own.refetch()}
      loadedAt={own.dataUpdatedAt}
    />
  );
  if (own.data === undefined) return error;
  if (own.data.length === 0) {
    return (
      <Stack gap="md">
        {error}
        <Alert
          color="indigo"
          variant="light"
          icon={<IconClockHour4 size={18} />}
          title={t('own.emptyTitle')}
          data-testid="own-deposit-addresses-empty"
        >
          {t('own.emptyBody')}
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {error}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {own.data.map((a) => (
          <OwnAddressCard key={a.network} address={a} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
