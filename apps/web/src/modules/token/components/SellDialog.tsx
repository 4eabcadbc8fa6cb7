import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatUnits } from '@sgx/money';
import { useState } from 'react';
import { formatPercent, Money, plainDecimal } from '../../../ui/Money';
import { useUser } from '../../users/api/usersApi';
import {
  INSUFFICIENT_TOKENS,
  TRADE_FAILED,
  TRADE_SUCCESS,
  tokenErrorMessage,
  useHolding,
  useQuote,
  useRefreshToken,
  useTokenPrice,
  useTrade,
} from '../api/tokenApi';
import { useCloseAfter } from '../hooks/useCloseAfter';
import { useSubmissionKey } from '../hooks/useSubmissionKey';
import { pnlColor, predictSell, readAmount, TOO_MANY_DECIMALS, unitsOf } from '../tokenMath';
import { QUOTE_DEBOUNCE_MS } from './BuyDialog';
import { DecimalInput } from './DecimalInput';
import { PercentText, Price, SummaryTable } from './TokenDisplay';
import { CurrentPriceLine, InfoLine, type Outcome, OutcomeAlert } from './TradeParts';

interface SellDialogProps {
  userId: number;
  onClose: () => void;
}

/** Spec 2.9 Sell dialog: proceeds from the server's quote, cost basis and P&L from the member's holding. */
export function SellDialog({ userId, onClose }: SellDialogProps) {
  const [raw, setRaw] = useState('');
  const [debounced] = useDebouncedValue(raw, QUOTE_DEBOUNCE_MS);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const price = useTokenPrice();
  const holding = useHolding(userId);
  const user = useUser(userId);
  const trade = useTrade(userId);
  const refresh = useRefreshToken();
  const submission = useSubmissionKey();

  const h = holding.data;
  const held = unitsOf(h?.quantity);
  const reading = readAmount(raw);
  const settled = readAmount(debounced);
  const aboveHoldings = reading.kind === 'ok' && held !== null && reading.units > held;
  const settledFits = settled.kind === 'ok' && held !== null && settled.units <= held;
  const quote = useQuote('sell', settledFits && settled.kind === 'ok' ? settled.text : null);
  const q = reading.kind === 'ok' && quote.data?.amount === reading.text ? quote.data : undefined;
  const prediction =
    q !== undefined && h !== undefined && reading.kind === 'ok' && !aboveHoldings
      ? predictSell(h, reading.units, unitsOf(q.total) ?? 0n)
      : null;
  const succeeded = outcome?.kind === 'success';

  useCloseAfter(succeeded, () => {
    void refresh();
    onClose();
  });

  const shownPrice = price.data;
  const canSell =
    !trade.isPending &&
    !succeeded &&
    reading.kind === 'ok' &&
    !aboveHoldings &&
    q !== undefined &&
    !quote.isFetching &&
    shownPrice !== undefined;

  const submit = () => {
    if (!canSell || reading.kind !== 'ok') return;
    setOutcome(null);
    trade.mutate(
      {
        side: 'sell',
        amount: reading.text,
        userId,
        expectedPrice: shownPrice,
        address: user.data?.bep20 ?? undefined,
        idempotencyKey: submission.keyFor(reading.text),
      },
      {
        onSuccess: (r) => {
          submission.reset();
          setRaw('');
          setOutcome({
            kind: 'success',
            message: TRADE_SUCCESS,
            detail: (
              <>
                You sold <Money value={r.transaction.token_amount} kind="token" /> for{' '}
                <Money value={r.transaction.total_amount} />.
              </>
            ),
          });
          void holding.refetch();
        },
        onError: (error) => {
          setOutcome({ kind: 'error', message: tokenErrorMessage(error, TRADE_FAILED) });
          void price.refetch();
          void holding.refetch();
          void quote.refetch();
        },
      },
    );
  };

  const amountError =
    reading.kind === 'invalid'
      ? TOO_MANY_DECIMALS
      : reading.kind === 'not-positive'
        ? 'Enter an amount above 0.'
        : aboveHoldings
          ? INSUFFICIENT_TOKENS
          : null;

  return (
    <Modal
      opened
      onClose={onClose}
      title="Sell SGX"
      centered
      closeOnClickOutside={!trade.isPending}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <CurrentPriceLine
            price={shownPrice}
            refreshing={price.isFetching}
            onRefresh={() => void price.refetch()}
          />
          <InfoLine label="Your holdings">
            <Money value={h?.quantity} kind="token" data-testid="sell-holdings" />
          </InfoLine>
          <InfoLine label="Portfolio value">
            <Money value={h?.currentValue} />
          </InfoLine>
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <DecimalInput
              label="Amount (SGX)"
              placeholder="0.00"
              value={raw}
              onChange={(v) => {
                setRaw(v);
                if (outcome !== null) setOutcome(null);
              }}
              error={amountError}
              disabled={trade.isPending}
              style={{ flex: 1 }}
              data-autofocus
            />
            <Button
              variant="light"
              mt={25}
              onClick={() => {
                if (h !== undefined) setRaw(plainDecimal(h.quantity));
                if (outcome !== null) setOutcome(null);
              }}
              disabled={trade.isPending || held === null || held === 0n}
            >
              Max
            </Button>
          </Group>
          <Paper withBorder radius="md" p="sm">
            <Text fw={600} size="sm" mb={4}>
              Summary
            </Text>
            {q === undefined || prediction === null || h === undefined ? (
              <Text size="sm" c="dimmed">
                {held === 0n
                  ? 'You hold no SGX yet.'
                  : reading.kind === 'ok' && !aboveHoldings && !quote.isError
                    ? 'Getting a quote…'
                    : quote.isError && reading.kind === 'ok' && !aboveHoldings
                      ? tokenErrorMessage(quote.error, 'The quote could not be loaded.')
                      : 'Enter an amount to see what you receive.'}
              </Text>
            ) : (
              <SummaryTable
                label="Sell summary"
                rows={[
                  { label: 'Selling amount', value: <Money value={q.amount} kind="token" /> },
                  { label: 'Current price', value: <Price value={shownPrice} /> },
                  { label: 'Average buy price', value: <Price value={h.averageBuyPrice} /> },
                  { label: 'Cost basis', value: <Money value={formatUnits(prediction.costBasis)} /> },
                  { label: 'Amount received', value: <Money value={q.total} />, strong: true },
                  {
                    label: 'Profit / Loss',
                    value: (
                      <Text component="span" inherit c={pnlColor(prediction.profitLoss)}>
                        <Money value={formatUnits(prediction.profitLoss)} />
                        {prediction.profitLossPercent !== null && (
                          <>
                            {' '}
                            (<PercentText value={prediction.profitLossPercent} />)
                          </>
                        )}
                      </Text>
                    ),
                  },
                  {
                    label: 'Remaining holdings',
                    value: <Money value={formatUnits(prediction.remaining)} kind="token" />,
                  },
                ]}
              />
            )}
          </Paper>
          {q !== undefined && (
            <Text size="xs" c="dimmed">
              The trade is refused if the price moves more than {formatPercent(q.slippage_percent)} before it
              is placed.
            </Text>
          )}
          <OutcomeAlert outcome={outcome} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={trade.isPending}>
              Cancel
            </Button>
            <Button type="submit" color="orange" loading={trade.isPending} disabled={!canSell}>
              Sell Tokens
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
