import { Code, List, Modal, Stack, Text, Title } from '@mantine/core';
import { formatToken } from '@sgx/money';
import { formatDateTime } from '../../../ui/format';
import { Money } from '../../../ui/Money';
import type { TokenInfo } from '../api/tokenApi';
import { curvePrice, formatMultiplier, formatPriceUnits, unitsOf } from '../tokenMath';
import { Price, SummaryTable } from './TokenDisplay';

/** Token Info (business-rules 9): the token's facts and how its price is formed. */
export function TokenInfoDialog({ token, onClose }: { token: TokenInfo; onClose: () => void }) {
  const base = unitsOf(token.base_price) ?? 0n;
  const multiplier = unitsOf(token.price_multiplier) ?? 0n;
  const supply = unitsOf(token.total_supply) ?? 0n;
  const circulating = unitsOf(token.circulating_supply) ?? 0n;
  const formula = curvePrice(base, multiplier, supply, circulating);

  return (
    <Modal
      opened
      onClose={onClose}
      title="Token Info"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <SummaryTable
          label="Token facts"
          rows={[
            { label: 'Name', value: token.name },
            { label: 'Symbol', value: token.symbol },
            { label: 'Current price', value: <Price value={token.current_price} /> },
            { label: 'Total supply', value: <Money value={token.total_supply} kind="token" /> },
            { label: 'In circulation', value: <Money value={token.circulating_supply} kind="token" /> },
            { label: 'Available (treasury)', value: <Money value={token.available_tokens} kind="token" /> },
            { label: 'Base price', value: <Price value={token.base_price} /> },
            { label: 'Multiplier', value: formatMultiplier(token.price_multiplier) },
            { label: 'Contract address', value: token.contract_address ?? 'Not deployed yet' },
            { label: 'Created', value: formatDateTime(token.created_at) },
            { label: 'Last updated', value: formatDateTime(token.last_updated) },
          ]}
        />
        <div>
          <Title order={4} mb="xs">
            How the price is formed
          </Title>
          <Text size="sm" mb="xs">
            The price follows a curve of the tokens in circulation:
          </Text>
          <Code block style={{ whiteSpace: 'pre-wrap' }}>
            price = base price × multiplier × (1 + circulating ÷ total supply)
          </Code>
          <Text size="sm" mt="xs" data-testid="token-formula">
            Today: {formatPriceUnits(base)} × {formatMultiplier(token.price_multiplier).replace(/x$/, '')} ×
            (1 + {formatToken(circulating)} ÷ {formatToken(supply)}) = {formatPriceUnits(formula)}
          </Text>
        </div>
        <List size="sm" spacing={6}>
          <List.Item>
            Every buy takes tokens out of the treasury and moves the price up the curve; every sell moves it
            back down. A buy costs the area under the curve across the tokens bought, so a large buy pays a
            little more per token than the price before it.
          </List.Item>
          <List.Item>
            Buying and then selling the same amount returns the same money at most (less any fee): no round
            trip makes money. Costs round up and proceeds round down to the last of 8 decimals.
          </List.Item>
          <List.Item>
            A trade is refused when the price has moved by more than the slippage limit since you saw it.
          </List.Item>
          <List.Item>
            An admin can set the price by hand, with a reason. That changes the multiplier so the curve passes
            through the new price at today's supply; each change is limited in size and recorded in the price
            history.
          </List.Item>
        </List>
      </Stack>
    </Modal>
  );
}
