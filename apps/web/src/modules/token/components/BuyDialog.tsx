import { Text } from '@mantine/core';
import { formatUnits } from '@sgx/money';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { Money } from '../../../ui/Money';
import { type Holding, type Quote, tokenErrorMessage, tradeSuccess } from '../api/tokenApi';
import { useTradeDialog } from '../hooks/useTradeDialog';
import { TOKEN_NS } from '../i18n';
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
  const { t } = useT(TOKEN_NS);
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
      success: () => d.setOutcome({ kind: 'success', message: tradeSuccess() }),
      error: () => setConfirmed(null),
    });
  };

  return (
    <TradeDialogShell
      dialog={d}
      title={t('buy.title')}
      onClose={onClose}
      onSubmit={submit}
      summary={
        q === undefined || prediction === null || h === undefined ? null : (
          <SummaryTable
            label={t('buy.summary')}
            rows={[
              { label: t('buy.tokenAmount'), value: <Money value={q.amount} kind="token" /> },
              { label: t('buy.pricePerToken'), value: <Price value={q.average_price} /> },
              { label: t('buy.currentAverage'), value: <Price value={h.averageBuyPrice} /> },
              { label: t('buy.totalCost'), value: <Money value={q.total} />, strong: true },
              {
                label: t('buy.newHoldings'),
                value: <Money value={formatUnits(prediction.newQuantity)} kind="token" />,
              },
              { label: t('buy.newAverage'), value: <Price value={prediction.newAverage} /> },
              { label: t('buy.priceAfter'), value: <Price value={q.price_after} /> },
            ]}
          />
        )
      }
      waiting={
        reading.kind === 'ok' && !quote.isError
          ? t('dialog.gettingQuote')
          : quote.isError && reading.kind === 'ok'
            ? tokenErrorMessage(quote.error, t('errors.quoteFailed'))
            : t('buy.enterAmount')
      }
      notice={
        exceedsBalance && (
          <Text size="sm" c="red" role="alert">
            {t('buy.aboveBalance')}
          </Text>
        )
      }
      slippagePercent={q?.slippage_percent}
      submit={{ label: t('buy.submit'), color: 'teal', enabled: canBuy }}
    >
      <InfoLine label={t('buy.balance')}>
        <Money value={holding.data?.availableBalance} data-testid="buy-balance" />
      </InfoLine>
      <DecimalInput
        label={t('dialog.amount')}
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
