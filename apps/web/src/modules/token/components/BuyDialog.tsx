import { Text } from '@mantine/core';
import { formatUnits } from '@sgx/money';
import { useState } from 'react';
import { Money } from '../../../ui/Money';
import { type Holding, type Quote, TRADE_SUCCESS, tokenErrorMessage } from '../api/tokenApi';
import { useTradeDialog } from '../hooks/useTradeDialog';
import { predictBuy, unitsOf } from '../tokenMath';
import { DecimalInput } from './DecimalInput';
import { Price, SummaryTable } from './TokenDisplay';
import { TradeDialogShell } from './TradeDialogShell';
import { InfoLine } from './TradeParts';

interface BuyDialogProps {
  userId: number;
  onClose: () => void;
}

/** Spec 2.9 Buy dialog: the cost comes from the server's quote for the typed amount. */
export function BuyDialog({ userId, onClose }: BuyDialogProps) {
  const d = useTradeDialog('buy', userId, onClose);
  const { reading, quote, holding, price, trade, outcome, succeeded } = d;

  // The numbers the member confirmed: after the trade the holding changes, but the summary stays as it was.
  const [confirmed, setConfirmed] = useState<{ q: Quote; h: Holding } | null>(null);
  const q =
    confirmed?.q ?? (reading.kind === 'ok' && quote.data?.amount === reading.text ? quote.data : undefined);
  const h = confirmed?.h ?? holding.data;
  const units = reading.kind === 'ok' ? reading.units : 0n;
  const prediction = q !== undefined && h !== undefined ? predictBuy(h, units, unitsOf(q.total) ?? 0n) : null;
  const balance = unitsOf(h?.availableBalance);
  const total = unitsOf(q?.total);
  const exceedsBalance = total !== null && balance !== null && total > balance;

  const canBuy =
    !trade.isPending &&
    !succeeded &&
    reading.kind === 'ok' &&
    q !== undefined &&
    !quote.isFetching &&
    h !== undefined &&
    price.data !== undefined &&
    !exceedsBalance;

  const submit = () => {
    if (!canBuy || reading.kind !== 'ok' || q === undefined || h === undefined) return;
    setConfirmed({ q, h });
    d.place(reading.text, {
      success: () => d.setOutcome({ kind: 'success', message: TRADE_SUCCESS }),
      error: () => setConfirmed(null),
    });
  };

  return (
    <TradeDialogShell
      dialog={d}
      title="Buy SGX"
      onClose={onClose}
      onSubmit={submit}
      summary={
        q === undefined || prediction === null || h === undefined ? null : (
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
        )
      }
      waiting={
        reading.kind === 'ok' && !quote.isError
          ? 'Getting a quote…'
          : quote.isError && reading.kind === 'ok'
            ? tokenErrorMessage(quote.error, 'The quote could not be loaded.')
            : 'Enter an amount to see what it costs.'
      }
      notice={
        exceedsBalance && (
          <Text size="sm" c="red" role="alert">
            The total cost is above your balance.
          </Text>
        )
      }
      slippagePercent={q?.slippage_percent}
      submit={{ label: 'Buy Tokens', color: 'teal', enabled: canBuy }}
    >
      <InfoLine label="Your balance">
        <Money value={holding.data?.availableBalance} data-testid="buy-balance" />
      </InfoLine>
      <DecimalInput
        label="Amount (SGX)"
        placeholder="0.00"
        value={d.raw}
        onChange={(v) => {
          d.setRaw(v);
          if (outcome?.kind === 'error') d.setOutcome(null);
        }}
        error={d.amountError}
        disabled={trade.isPending || succeeded}
        data-autofocus
      />
    </TradeDialogShell>
  );
}
