import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { formatToken } from '@sgx/money';
import {
  IconAlertCircle,
  IconCheck,
  IconCopy,
  IconExternalLink,
  IconRefresh,
  IconUserDollar,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { formatDateTime, formatTime, localiseDecimal } from '../../../ui/format';
import { Money } from '../../../ui/Money';
import type { Holding, TokenInfo } from '../api/tokenApi';
import { TOKEN_NS } from '../i18n';
import { formatMultiplier, pnlColor, unitsOf } from '../tokenMath';
import { PercentText, Price } from './TokenDisplay';

/** When data was last loaded, to the second, in the member's time zone with its name ("13:16:05 UTC"). */
export function refreshedAt(ms: number): string {
  return ms === 0 ? '-' : formatTime(ms);
}

/** Header (spec 2.9): name, symbol, the current price and a live refresh icon. */
export function TokenHeader({
  token,
  refreshing,
  updatedAt,
  onRefresh,
  actions,
}: {
  token: TokenInfo | undefined;
  refreshing: boolean;
  updatedAt: number;
  onRefresh: () => void;
  actions: ReactNode;
}) {
  const { t } = useT(TOKEN_NS);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <div>
            <Group gap="xs" align="center">
              {token === undefined ? (
                <Skeleton height={28} width={160} />
              ) : (
                <>
                  <Title order={3}>{token.name}</Title>
                  <Badge variant="light" size="lg" radius="sm">
                    {token.symbol}
                  </Badge>
                </>
              )}
            </Group>
            <Group gap="xs" align="center" mt={6}>
              <Text component="div" fz={32} fw={700} lh={1.1} data-testid="token-price">
                {token === undefined ? (
                  <Skeleton height={32} width={180} />
                ) : (
                  <Price value={token.current_price} />
                )}
              </Text>
              <Tooltip label={t('header.refreshTooltip')}>
                <ActionIcon
                  variant="light"
                  radius="xl"
                  size="lg"
                  aria-label={t('header.refreshLabel')}
                  onClick={onRefresh}
                  loading={refreshing}
                >
                  <IconRefresh size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              <Text component="span" inherit c="green" fw={600}>
                {t('header.live')}
              </Text>{' '}
              {t('header.refreshedAt', { time: refreshedAt(updatedAt) })}
            </Text>
          </div>
          {actions}
        </Group>
      </Stack>
    </Card>
  );
}

/** A token quantity with a small unit, so big supplies fit a narrow card. */
function TokenCount({ value }: { value: string }) {
  const units = unitsOf(value);
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>
        {units === null ? '-' : localiseDecimal(formatToken(units))}
      </span>{' '}
      <Text component="span" size="xs" c="dimmed" fw={600}>
        SGX
      </Text>
    </>
  );
}

function StatCard({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text
        component="div"
        fw={700}
        mt={4}
        ff="monospace"
        // Big supplies on one line even in a phone's half-width card.
        style={{ fontSize: 'clamp(0.78rem, 3.4vw, 1rem)', overflowWrap: 'anywhere' }}
      >
        {value}
      </Text>
      {note !== undefined && (
        <Text size="xs" c="dimmed" mt={2}>
          {note}
        </Text>
      )}
    </Card>
  );
}

/** Four cards (spec 2.9): Total Supply, Available, Base Price, Multiplier. */
export function TokenStats({ token }: { token: TokenInfo | undefined }) {
  const { t } = useT(TOKEN_NS);
  if (token === undefined) {
    return (
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {[1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={88} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      <StatCard label={t('stats.totalSupply')} value={<TokenCount value={token.total_supply} />} />
      <StatCard
        label={t('stats.available')}
        value={<TokenCount value={token.available_tokens} />}
        note={
          <RichText
            text={t('stats.inCirculation')}
            components={{ amount: <Money value={token.circulating_supply} kind="token" /> }}
          />
        }
      />
      <StatCard label={t('stats.basePrice')} value={<Price value={token.base_price} />} />
      <StatCard
        label={t('stats.multiplier')}
        value={formatMultiplier(token.price_multiplier)}
        note={t('stats.growthFactor')}
      />
    </SimpleGrid>
  );
}

/** One figure; `id` names it for tests in any language (the English label's slug: "Total P&L" -> "total-p-l"). */
function Figure({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" fw={600} m={0} data-testid={`portfolio-${id}`}>
        {children}
      </Text>
    </div>
  );
}

/** Portfolio (spec 2.9): holdings, value, invested, P&L coloured for profit or loss, and Refresh. */
export function PortfolioPanel({
  holding,
  loading,
  error,
  updatedAt,
  refreshing,
  onRefresh,
}: {
  holding: Holding | undefined;
  loading: boolean;
  error: string | null;
  updatedAt: number;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { t } = useT(TOKEN_NS);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={t('portfolio.title')}>
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={4}>{t('portfolio.title')}</Title>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconRefresh size={14} />}
          onClick={onRefresh}
          loading={refreshing}
        >
          {t('portfolio.refresh')}
        </Button>
      </Group>
      {error !== null && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={16} />} mb="md" role="alert">
          <Text size="sm">{error}</Text>
          {holding !== undefined && (
            <Text size="xs">{t('portfolio.lastLoaded', { time: refreshedAt(updatedAt) })}</Text>
          )}
        </Alert>
      )}
      {holding === undefined ? (
        loading ? (
          <Skeleton height={110} />
        ) : null
      ) : (
        <SimpleGrid component="dl" m={0} cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="md">
          <Figure id="holdings" label={t('portfolio.holdings')}>
            <Money value={holding.quantity} kind="token" />
          </Figure>
          <Figure id="current-value" label={t('portfolio.currentValue')}>
            <Money value={holding.currentValue} />
          </Figure>
          <Figure id="total-invested" label={t('portfolio.totalInvested')}>
            <Money value={holding.totalInvested} />
          </Figure>
          <Figure id="total-p-l" label={t('portfolio.totalPnl')}>
            <Text component="span" inherit c={pnlColor(holding.profitLoss)}>
              <Money value={holding.profitLoss} /> (<PercentText value={holding.profitLossPercent} />)
            </Text>
          </Figure>
          <Figure id="average-buy-price" label={t('portfolio.averageBuyPrice')}>
            <Price value={holding.averageBuyPrice} />
          </Figure>
          <Figure id="realised-p-l" label={t('portfolio.realisedPnl')}>
            <Money value={holding.realizedProfitLoss} c={pnlColor(holding.realizedProfitLoss)} />
          </Figure>
          <Figure id="available-balance" label={t('portfolio.availableBalance')}>
            <Money value={holding.availableBalance} />
          </Figure>
        </SimpleGrid>
      )}
    </Card>
  );
}

/** On the admin screen: admins hold no SGX, so there is no portfolio and no trading. */
export function AdminTradingNote() {
  const { t } = useT(TOKEN_NS);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={t('adminNote.label')}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconUserDollar size={28} color="var(--mantine-color-gray-6)" style={{ flexShrink: 0 }} />
        <div>
          <Title order={4}>{t('adminNote.title')}</Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t('adminNote.text')}
          </Text>
        </div>
      </Group>
    </Card>
  );
}

/** Contract address with Copy and View on BscScan, and the token's timestamps. */
export function ContractBox({ token }: { token: TokenInfo | undefined }) {
  const address = token?.contract_address ?? null;
  const deployed = address !== null && address !== '';
  const { t } = useT(TOKEN_NS);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={t('contract.label')}>
      <Title order={4} mb="md">
        {t('contract.title')}
      </Title>
      {token === undefined ? (
        <Skeleton height={60} />
      ) : (
        <Stack gap="sm">
          <Text
            ff="monospace"
            size="sm"
            c={deployed ? undefined : 'dimmed'}
            style={{ overflowWrap: 'anywhere' }}
            data-testid="contract-address"
          >
            {deployed ? address : t('contract.notDeployed')}
          </Text>
          <Group gap="xs">
            <CopyButton value={address ?? ''}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant="light"
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  onClick={copy}
                  disabled={!deployed}
                >
                  {copied ? t('contract.copied') : t('contract.copy')}
                </Button>
              )}
            </CopyButton>
            {deployed ? (
              <Button
                size="xs"
                variant="light"
                component="a"
                href={`https://bscscan.com/token/${address}`}
                target="_blank"
                rel="noopener noreferrer"
                leftSection={<IconExternalLink size={14} />}
              >
                {t('contract.view')}
              </Button>
            ) : (
              <Button size="xs" variant="light" leftSection={<IconExternalLink size={14} />} disabled>
                {t('contract.view')}
              </Button>
            )}
          </Group>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('contract.lastUpdated', { time: formatDateTime(token.last_updated) })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('contract.created', { time: formatDateTime(token.created_at) })}
            </Text>
          </Stack>
        </Stack>
      )}
    </Card>
  );
}
