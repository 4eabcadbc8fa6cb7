import { Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { chainName } from '@sgx/chain';
import type { LinkedWallet } from '@sgx/contracts';
import { IconCash, IconUnlink } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ActionDialog } from '../../../ui/ActionDialog';
import { CopyText } from '../../../ui/CopyText';
import { formatDateTime } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { SectionCard } from '../../../ui/SectionCard';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { makePayoutWallet, unlinkWallet, useLinkedWallets, walletKeys } from '../api/walletsApi';

function same(a: string | undefined, b: string): boolean {
  return a !== undefined && a.toLowerCase() === b.toLowerCase();
}

/** The member's linked wallets: unlink one, or make one the BEP20 payout address (each confirmed). */
export function LinkedWalletsCard({ currentAddress }: { currentAddress?: string | undefined }) {
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
      toast.success(res.message);
      refresh();
    },
  });
  const payout = useConfirmedAction({
    run: (w: LinkedWallet, key) => makePayoutWallet(w.address, key),
    onSuccess: (res) => {
      toast.success(res.message);
      refresh();
    },
  });

  return (
    <SectionCard
      title="Your linked wallets"
      description="Deposits from these wallets are credited automatically once the chain confirms them."
      testId="linked-wallets"
    >
      {wallets.isError && (
        <LoadError
          title="Linked wallets could not be loaded"
          error={wallets.error}
          onRetry={() => void wallets.refetch()}
          loadedAt={wallets.dataUpdatedAt}
        />
      )}
      {wallets.isPending && <Skeleton h={64} radius="md" />}
      {wallets.data !== undefined && wallets.data.length === 0 && (
        <Text size="sm" c="dimmed">
          No wallets linked yet. Connect your wallet and choose Link this wallet: you sign a message, which
          costs nothing and moves no money.
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
                  <CopyText value={w.address} label={`address ${w.address}`} short />
                  {same(currentAddress, w.address) && (
                    <Badge size="sm" variant="light" color="indigo">
                      Connected now
                    </Badge>
                  )}
                  {w.is_payout && (
                    <Badge size="sm" variant="light" color="teal">
                      Payout address
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  Proven on {chainName(w.chainId)} · linked {formatDateTime(w.linked_at)}
                </Text>
                <Group gap="xs" justify="flex-end">
                  {!w.is_payout && (
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconCash size={14} />}
                      onClick={() => payout.open(w)}
                      aria-label={`Use ${w.address} as payout address`}
                    >
                      Use as payout address
                    </Button>
                  )}
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    leftSection={<IconUnlink size={14} />}
                    onClick={() => unlink.open(w)}
                    aria-label={`Unlink ${w.address}`}
                  >
                    Unlink
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
      <ActionDialog action={unlink} title="Unlink wallet?" confirmLabel="Unlink" color="red">
        {unlink.payload !== null && (
          <Stack gap="xs">
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {unlink.payload.address}
            </Text>
            <Text size="sm">
              Transfers from this wallet will no longer be credited to you automatically; an admin would have
              to check them by hand. You can link it again at any time by signing a new message.
            </Text>
            {unlink.payload.is_payout && (
              <Text size="sm" c="dimmed">
                It stays your payout address until you choose another one.
              </Text>
            )}
          </Stack>
        )}
      </ActionDialog>
      <ActionDialog action={payout} title="Use as payout address?" confirmLabel="Use as payout address">
        {payout.payload !== null && (
          <Stack gap="xs">
            <Text size="sm">Your BEP20 withdrawals will be paid to:</Text>
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {payout.payload.address}
            </Text>
            <Text size="sm" c="dimmed">
              You proved this wallet is yours by signing, so no further check is needed. It replaces your
              current payout address.
            </Text>
          </Stack>
        )}
      </ActionDialog>
    </SectionCard>
  );
}
