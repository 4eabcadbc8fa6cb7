import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatUnits } from '@sgx/money';
import { useState } from 'react';
import { formatPercent, Money } from '../../../ui/Money';
import { useUser } from '../../users/api/usersApi';
import {
  type Holding,
  type Quote,
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
import { predictBuy, readAmount, TOO_MANY_DECIMALS, unitsOf } from '../tokenMath';
import { DecimalInput } from './DecimalInput';
import { Price, SummaryTable } from './TokenDisplay';
import { CurrentPriceLine, InfoLine, type Outcome, OutcomeAlert } from './TradeParts';

/** How long the amount must stay still before the server is asked for a quote. */
export const QUOTE_DEBOUNCE_MS = 300;

interface BuyDialogProps {
  userId: number;
  onClose: () => void;
}

/** Spec 2.9 Buy dialog: the cost comes from the server's quote for the typed amount. */
export function BuyDialog({ userId, onClose }: BuyDialogProps) {
  const [raw, setRaw] = useState('');
  const [debounced] = useDebouncedValue(raw, QUOTE_DEBOUNCE_MS);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const price = useTokenPrice();
  const holding = useHolding(userId);
  const user = useUser(userId);
  const trade = useTrade(userId);
  const refresh = useRefreshToken();
  const submission = useSubmissionKey();

  // The numbers the member confirmed: after the trade the holding changes, but the summary stays as it was.
  const [confirmed, setConfirmed] = useState<{ q: Quote; h: Holding } | null>(null);
  const reading = readAmount(raw);
  const settled = readAmount(debounced);
  const quote = useQuote('buy', settled.kind === 'ok' ? settled.text : null);
  const q =
    confirmed?.q ?? (reading.kind === 'ok' && quote.data?.amount === reading.text ? quote.data : undefined);
  const h = confirmed?.h ?? holding.data;
  const prediction =
    q !== undefined && h !== undefined ? predictBuy(h, parseOk(reading), parseTotal(q.total)) : null;
  const balance = unitsOf(h?.availableBalance);
  const total = unitsOf(q?.total);
  const exceedsBalance = total !== null && balance !== null && total > balance;
  const succeeded = outcome?.kind === 'success';

  useCloseAfter(succeeded, () => {
    void refresh();
    onClose();
  });

  const shownPrice = price.data;
  const canBuy =
    !trade.isPending &&
    !succeeded &&
    reading.kind === 'ok' &&
    q !== undefined &&
    !quote.isFetching &&
    h !== undefined &&
    shownPrice !== undefined &&
    !exceedsBalance;

  const submit = () => {
    if (!canBuy || reading.kind !== 'ok' || q === undefined || h === undefined) return;
    setOutcome(null);
    setConfirmed({ q, h });
    trade.mutate(
      {
        side: 'buy',
        amount: reading.text,
        userId,
        expectedPrice: shownPrice,
        address: user.data?.bep20 ?? undefined,
        idempotencyKey: submission.keyFor(reading.text),
      },
      {
        onSuccess: () => {
          submission.reset();
          setOutcome({ kind: 'success', message: TRADE_SUCCESS });
        },
        onError: (error) => {
          setConfirmed(null);
          setOutcome({ kind: 'error', message: tokenErrorMessage(error, TRADE_FAILED) });
          // A moved price or a short balance: show the numbers as they are now.
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
        : null;

  return (
    <Modal
      opened
      onClose={onClose}
      title="Buy SGX"
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
          <InfoLine label="Your balance">
            <Money value={holding.data?.availableBalance} data-testid="buy-balance" />
          </InfoLine>
          <DecimalInput
            label="Amount (SGX)"
            placeholder="0.00"
            value={raw}
            onChange={(v) => {
              setRaw(v);
              if (outcome?.kind === 'error') setOutcome(null);
            }}
            error={amountError}
            disabled={trade.isPending || succeeded}
            data-autofocus
          />
          <Paper withBorder radius="md" p="sm">
            <Text fw={600} size="sm" mb={4}>
              Summary
            </Text>
            {q === undefined || prediction === null || h === undefined ? (
              <Text size="sm" c="dimmed">
                {reading.kind === 'ok' && !quote.isError
                  ? 'Getting a quote…'
                  : quote.isError && reading.kind === 'ok'
                    ? tokenErrorMessage(quote.error, 'The quote could not be loaded.')
                    : 'Enter an amount to see what it costs.'}
              </Text>
            ) : (
              <SummaryTable
                label="Buy summary"
                rows={[
                  { label: 'Token amount', value: <Money value={q.amount} kind="token" /> },
                  { label: 'Price per token', value: <Price value={q.average_price} /> },
                  { label: 'Current average buy price', value: <Price value={h.averageBuyPrice} /> },
                  { label: 'Total cost', value: <Money value={q.total} />, strong: true },
                  {
                    label: 'New holdings',
                    value: <Money value={formatUnits(prediction.newQuantity)} kind="token" />,
                  },
                  { label: 'New average price', value: <Price value={prediction.newAverage} /> },
                  { label: 'Price after this buy', value: <Price value={q.price_after} /> },
                ]}
              />
            )}
          </Paper>
          {exceedsBalance && (
            <Text size="sm" c="red" role="alert">
              The total cost is above your balance.
            </Text>
          )}
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
            <Button type="submit" color="teal" loading={trade.isPending} disabled={!canBuy}>
              Buy Tokens
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function parseOk(reading: ReturnType<typeof readAmount>): bigint {
  return reading.kind === 'ok' ? reading.units : 0n;
}

function parseTotal(total: string): bigint {
  return unitsOf(total) ?? 0n;
}
