import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useT } from '../../../i18n/i18n';
import { LoadError } from '../../../ui/LoadError';
import { useMemberDepositAddresses } from '../api/memberAddressesApi';
import { DEPOSIT_ADDRESSES_NS } from '../i18n';
import { OwnAddressCard } from './OwnAddressCard';
import { OwnAddressesSkeleton } from './OwnAddressesSkeleton';

/**
 * The member's own deposit addresses (decision 0033), one card per network: whatever reaches them, from any
 * sender, is credited to the member. Loading, a failed read (with Retry) and none set up yet each say so.
 */
export function OwnDepositAddresses() {
  const { t } = useT(DEPOSIT_ADDRESSES_NS);
  const own = useMemberDepositAddresses();
  if (own.isPending) {
    return <OwnAddressesSkeleton label={t('own.loading')} />;
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
