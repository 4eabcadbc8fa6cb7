import { Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { chainName } from '@sgx/chain';
import type { LinkedWallet } from '@sgx/contracts';
import { IconCash, IconUnlink } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { ActionDialog } from '../../../ui/ActionDialog';
import { CopyText } from '../../../ui/CopyText';
import { formatDateTime } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { SectionCard } from '../../../ui/SectionCard';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { unlinkWallet, useLinkedWallets, walletKeys } from '../api/walletsApi';
import { WEB3_NS } from '../i18n';
import { PayoutWalletDialog } from './PayoutWalletDialog';

function same(a: string | undefined, b: string): boolean {
  return a !== undefined && a.toLowerCase() === b.toLowerCase();
}

/**
 * The member's linked wallets: unlink one (confirmed), or make one the EVM payout address (password and a
 * code, then the hold: PayoutWalletDialog).
 */
export function LinkedWalletsCard({ currentAddress }: { currentAddress?: string | undefined }) {
  const { t } = useT(WEB3_NS);
  const wallets = useLinkedWallets();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: walletKeys.linked });
    // The payout address is part of the member's profile.
    void queryClient.invalidateQueries({ queryKey: ['users'] });
  };
  const unlink = useConfirmedAction({
    run: (w: LinkedWallet, key) => unlinkWallet(w.address, key),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      refresh();
    },
  });
  const [payout, setPayout] = useState<LinkedWallet | null>(null);

  return (
    <SectionCard title={t('linked.title')} description={t('linked.description')} testId="linked-wallets">
      {wallets.isError && (
        <LoadError
          title={t('linked.loadError')}
          error={wallets.error}
          onRetry={() => void wallets.refetch()}
          loadedAt={wallets.dataUpdatedAt}
        />
      )}
      {wallets.isPending && <Skeleton h={64} radius="md" />}
      {wallets.data !== undefined && wallets.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('linked.empty')}
        </Text>
      )}
      {wallets.data !== undefined && wallets.data.length > 0 && (
        <Stack gap="xs" role="list">
          {wallets.data.map((w) => (
            <Card
              key={w.address}
              withBorder
              radius="md"
              padding="sm"
              role="listitem"
              data-testid="linked-wallet"
            >
              <Stack gap={6}>
                <Group gap={6} wrap="wrap">
                  <CopyText value={w.address} label={t('linked.address', { address: w.address })} short />
                  {same(currentAddress, w.address) && (
                    <Badge size="sm" variant="light" color="indigo">
                      {t('linked.connectedNow')}
                    </Badge>
                  )}
                  {w.is_payout && (
                    <Badge size="sm" variant="light" color="teal">
                      {t('linked.payout')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {t('linked.proven', { chain: chainName(w.chainId), date: formatDateTime(w.linked_at) })}
                </Text>
                <Group gap="xs" justify="flex-end">
                  {!w.is_payout && (
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconCash size={14} />}
                      onClick={() => setPayout(w)}
                      aria-label={t('linked.usePayoutAria', { address: w.address })}
                    >
                      {t('linked.usePayout')}
                    </Button>
                  )}
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    leftSection={<IconUnlink size={14} />}
                    onClick={() => unlink.open(w)}
                    aria-label={t('linked.unlinkAria', { address: w.address })}
                  >
                    {t('linked.unlink')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
      <ActionDialog
        action={unlink}
        title={t('linked.unlinkTitle')}
        confirmLabel={t('linked.unlink')}
        color="red"
      >
        {unlink.payload !== null && (
          <Stack gap="xs">
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {unlink.payload.address}
            </Text>
            <Text size="sm">{t('linked.unlinkBody')}</Text>
            {unlink.payload.is_payout && (
              <Text size="sm" c="dimmed">
                {t('linked.stillPayout')}
              </Text>
            )}
          </Stack>
        )}
      </ActionDialog>
      <PayoutWalletDialog
        wallet={payout}
        onClose={() => setPayout(null)}
        onDone={(message) => {
          toast.success(message);
          refresh();
        }}
      />
    </SectionCard>
  );
}
