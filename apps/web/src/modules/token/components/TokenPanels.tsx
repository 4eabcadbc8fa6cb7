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
import { formatDateTime } from '../../../ui/format';
import { Money } from '../../../ui/Money';
import type { Holding, TokenInfo } from '../api/tokenApi';
import { formatMultiplier, pnlColor, unitsOf } from '../tokenMath';
import { PercentText, Price } from './TokenDisplay';

const clock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'UTC',
});

/** When data was last loaded, to the second (UTC, the business timezone). */
export function refreshedAt(ms: number): string {
  return ms === 0 ? '-' : `${clock.format(ms)} UTC`;
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
              <Tooltip label="Refresh now (it also refreshes every 15 seconds)">
                <ActionIcon
                  variant="light"
                  radius="xl"
                  size="lg"
                  aria-label="Refresh token data"
                  onClick={onRefresh}
                  loading={refreshing}
                >
                  <IconRefresh size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              <Text component="span" inherit c="green" fw={600}>
                ● Live
              </Text>{' '}
              · refreshed at {refreshedAt(updatedAt)}
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
      <span style={{ whiteSpace: 'nowrap' }}>{units === null ? '-' : formatToken(units)}</span>{' '}
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
      <StatCard label="Total Supply" value={<TokenCount value={token.total_supply} />} />
      <StatCard
        label="Available"
        value={<TokenCount value={token.available_tokens} />}
        note={
          <>
            <Money value={token.circulating_supply} kind="token" /> in circulation
          </>
        }
      />
      <StatCard label="Base Price" value={<Price value={token.base_price} />} />
      <StatCard label="Multiplier" value={formatMultiplier(token.price_multiplier)} note="Growth factor" />
    </SimpleGrid>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" fw={600} m={0} data-testid={`portfolio-${slug(label)}`}>
        {children}
      </Text>
    </div>
  );
}

/** "Total P&L" -> "total-p-l". */
function slug(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
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
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Your portfolio">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={4}>Your portfolio</Title>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconRefresh size={14} />}
          onClick={onRefresh}
          loading={refreshing}
        >
          Refresh
        </Button>
      </Group>
      {error !== null && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={16} />} mb="md" role="alert">
          <Text size="sm">{error}</Text>
          {holding !== undefined && (
            <Text size="xs">Showing your portfolio as last loaded at {refreshedAt(updatedAt)}.</Text>
          )}
        </Alert>
      )}
      {holding === undefined ? (
        loading ? (
          <Skeleton height={110} />
        ) : null
      ) : (
        <SimpleGrid component="dl" m={0} cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="md">
          <Figure label="Holdings">
            <Money value={holding.quantity} kind="token" />
          </Figure>
          <Figure label="Current Value">
            <Money value={holding.currentValue} />
          </Figure>
          <Figure label="Total Invested">
            <Money value={holding.totalInvested} />
          </Figure>
          <Figure label="Total P&L">
            <Text component="span" inherit c={pnlColor(holding.profitLoss)}>
              <Money value={holding.profitLoss} /> (<PercentText value={holding.profitLossPercent} />)
            </Text>
          </Figure>
          <Figure label="Average buy price">
            <Price value={holding.averageBuyPrice} />
          </Figure>
          <Figure label="Realised P&L">
            <Money value={holding.realizedProfitLoss} c={pnlColor(holding.realizedProfitLoss)} />
          </Figure>
          <Figure label="Available balance">
            <Money value={holding.availableBalance} />
          </Figure>
        </SimpleGrid>
      )}
    </Card>
  );
}

/** On the admin screen: admins hold no SGX, so there is no portfolio and no trading. */
export function AdminTradingNote() {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Trading">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconUserDollar size={28} color="var(--mantine-color-gray-6)" style={{ flexShrink: 0 }} />
        <div>
          <Title order={4}>Trading is for members</Title>
          <Text size="sm" c="dimmed" mt={4}>
            Admin accounts hold no SGX, so this screen has no portfolio and no Buy or Sell. Members buy and
            sell on their own token screen; their trades are listed under SGX transactions.
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
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Contract">
      <Title order={4} mb="md">
        Contract address
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
            {deployed ? address : 'Not deployed yet'}
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
                  {copied ? 'Copied' : 'Copy'}
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
                View
              </Button>
            ) : (
              <Button size="xs" variant="light" leftSection={<IconExternalLink size={14} />} disabled>
                View
              </Button>
            )}
          </Group>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              Last updated: {formatDateTime(token.last_updated)}
            </Text>
            <Text size="xs" c="dimmed">
              Created: {formatDateTime(token.created_at)}
            </Text>
          </Stack>
        </Stack>
      )}
    </Card>
  );
}
