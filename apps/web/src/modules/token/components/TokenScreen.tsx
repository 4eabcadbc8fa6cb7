import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowDownRight,
  IconArrowUpRight,
  IconChartLine,
  IconEdit,
  IconInfoCircle,
  IconRefresh,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { PageShell } from '../../../ui/PageShell';
import { StaffFieldset } from '../../../ui/StaffOnly';
import { useStaffMay } from '../../auth/hooks/useStaffMay';
import { BlockedGate } from '../../users/components/BlockedBanner';
import { networkError, tokenErrorMessage, useHolding, useTokenInfo } from '../api/tokenApi';
import { useMemberId } from '../hooks/useSessionUser';
import { TOKEN_NS } from '../i18n';
import { BuyDialog } from './BuyDialog';
import { ContractAddressForm } from './ContractAddressForm';
import { PriceChartDialog } from './PriceChartDialog';
import { SellDialog } from './SellDialog';
import { TokenInfoDialog } from './TokenInfoDialog';
import {
  AdminTradingNote,
  ContractBox,
  PortfolioPanel,
  refreshedAt,
  TokenHeader,
  TokenStats,
} from './TokenPanels';
import { UpdatePriceDialog } from './UpdatePriceDialog';

type Dialog = 'buy' | 'sell' | 'update' | 'chart' | 'info' | null;

/**
 * The token screen (spec 2.9) for both areas. Members trade and see their portfolio; the admin sees the
 * same token data, sets the price by hand, and has no holdings (trading is for members).
 */
export function TokenScreen({ mode }: { mode: 'member' | 'admin' }) {
  // The price and the contract are the owner's settings (decision 0042); compliance reads them.
  const mayPrice = useStaffMay('settings');
  const { t } = useT(TOKEN_NS);
  const info = useTokenInfo();
  const memberId = useMemberId();
  const userId = mode === 'member' ? memberId : null;
  const holding = useHolding(userId);
  const [dialog, setDialog] = useState<Dialog>(null);
  // Only a click shows on the button; the 15-second refresh shows on the header's live icon.
  const [refreshing, setRefreshing] = useState(false);
  const refreshPrice = () => {
    setRefreshing(true);
    void info.refetch().finally(() => setRefreshing(false));
  };
  const close = () => setDialog(null);
  const token = info.data;
  const ready = token !== undefined;

  const actions = (
    <Group gap="xs" wrap="wrap">
      {mode === 'member' && (
        <BlockedGate id="trade-blocked-note" action="trade">
          <Group gap="xs" wrap="wrap">
            <Button
              color="teal"
              leftSection={<IconArrowUpRight size={16} />}
              onClick={() => setDialog('buy')}
              disabled={!ready || userId === null}
            >
              {t('page.buy')}
            </Button>
            <Button
              color="orange"
              leftSection={<IconArrowDownRight size={16} />}
              onClick={() => setDialog('sell')}
              disabled={!ready || userId === null}
            >
              {t('page.sell')}
            </Button>
          </Group>
        </BlockedGate>
      )}
      <Button
        variant="default"
        leftSection={<IconRefresh size={16} />}
        onClick={refreshPrice}
        loading={refreshing}
      >
        {t('page.refreshPrice')}
      </Button>
      {mode === 'admin' && mayPrice && (
        <Button leftSection={<IconEdit size={16} />} onClick={() => setDialog('update')} disabled={!ready}>
          {t('page.updatePrice')}
        </Button>
      )}
      <Button variant="light" leftSection={<IconChartLine size={16} />} onClick={() => setDialog('chart')}>
        {t('page.viewChart')}
      </Button>
      <Button
        variant="light"
        leftSection={<IconInfoCircle size={16} />}
        onClick={() => setDialog('info')}
        disabled={!ready}
      >
        {t('page.tokenInfo')}
      </Button>
    </Group>
  );

  return (
    <PageShell
      title={t('page.title')}
      description={mode === 'admin' ? t('page.adminDescription') : t('page.memberDescription')}
    >
      {info.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('page.loadError')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{tokenErrorMessage(info.error, networkError())}</Text>
            {ready && (
              <Text size="xs">{t('page.lastLoaded', { time: refreshedAt(info.dataUpdatedAt) })}</Text>
            )}
            <Button size="xs" variant="light" color="red" onClick={() => void info.refetch()}>
              {t('page.retry')}
            </Button>
          </Stack>
        </Alert>
      )}

      <TokenHeader
        token={token}
        refreshing={info.isFetching}
        updatedAt={info.dataUpdatedAt}
        onRefresh={() => {
          void info.refetch();
          if (userId !== null) void holding.refetch();
        }}
        actions={actions}
      />
      {(info.isPending || ready) && <TokenStats token={token} />}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {mode === 'member' ? (
          <PortfolioPanel
            holding={holding.data}
            loading={holding.isPending}
            error={holding.isError ? tokenErrorMessage(holding.error, networkError()) : null}
            updatedAt={holding.dataUpdatedAt}
            refreshing={holding.isFetching && !holding.isPending}
            onRefresh={() => void holding.refetch()}
          />
        ) : (
          <AdminTradingNote />
        )}
        <ContractBox token={token} />
      </SimpleGrid>
      {mode === 'admin' && (
        <StaffFieldset area="settings">
          <ContractAddressForm token={token} />
        </StaffFieldset>
      )}

      {dialog === 'buy' && userId !== null && <BuyDialog userId={userId} onClose={close} />}
      {dialog === 'sell' && userId !== null && <SellDialog userId={userId} onClose={close} />}
      {dialog === 'update' && token !== undefined && <UpdatePriceDialog token={token} onClose={close} />}
      {dialog === 'chart' && <PriceChartDialog token={token} onClose={close} />}
      {dialog === 'info' && token !== undefined && <TokenInfoDialog token={token} onClose={close} />}
    </PageShell>
  );
}
