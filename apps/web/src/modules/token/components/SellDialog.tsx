import { Button, Group, Text } from '@mantine/core';
import { formatUnits } from '@sgx/money';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { Money, plainDecimal } from '../../../ui/Money';
import { insufficientTokens, tokenErrorMessage, tradeSuccess } from '../api/tokenApi';
import { useTradeDialog } from '../hooks/useTradeDialog';
import { TOKEN_NS } from '../i18n';
import { pnlColor, predictSell, unitsOf } from '../tokenMath';
import { DecimalInput } from './DecimalInput';
import { PercentText, Price, SummaryTable } from './TokenDisplay';
import { TradeDialogShell } from './TradeDialogShell';
import { InfoLine } from './TradeParts';

interface SellDialogProps {
  userId: number;
  onClose: () => void;
}

/** Spec 2.9 Sell dialog: proceeds from the server's quote, cost basis and P&L from the member's holding. */
export function SellDialog({ userId, onClose }: SellDialogProps) {
  const { t } = useT(TOKEN_NS);
  // Only an amount within the holdings is quoted.
  const d = useTradeDialog('sell', userId, onClose, (s, holding) => {
    const held = unitsOf(holding?.quantity);
    return s.kind === 'ok' && held !== null && s.units <= held ? s.text : null;
  });
  const { reading, quote, holding, price, trade, outcome, succeeded } = d;
  const h = holding.data;
  const held = unitsOf(h?.quantity);
  const aboveHoldings = reading.kind === 'ok' && held !== null && reading.units > held;
  const q = reading.kind === 'ok' && quote.data?.amount === reading.text ? quote.data : undefined;
  const prediction =
    q !== undefined && h !== undefined && reading.kind === 'ok' && !aboveHoldings
      ? predictSell(h, reading.units, unitsOf(q.total) ?? 0n)
      : null;

  const canSell =
    !trade.isPending &&
    !succeeded &&
    reading.kind === 'ok' &&
    !aboveHoldings &&
    q !== undefined &&
    !quote.isFetching &&
    price.data !== undefined;

  const submit = () => {
    if (!canSell || reading.kind !== 'ok') return;
    d.place(reading.text, {
      success: (r) => {
        d.setRaw('');
        d.setOutcome({
          kind: 'success',
          message: tradeSuccess(),
          detail: (
            <RichText
              text={t('sell.sold')}
              components={{
                tokens: <Money value={r.transaction.token_amount} kind="token" />,
                total: <Money value={r.transaction.total_amount} />,
              }}
            />
          ),
        });
        void holding.refetch();
      },
    });
  };

  return (
    <TradeDialogShell
      dialog={d}
      title={t('sell.title')}
      onClose={onClose}
      onSubmit={submit}
      summary={
        q === undefined || prediction === null || h === undefined ? null : (
          <SummaryTable
            label={t('sell.summary')}
            rows={[
              { label: t('sell.sellingAmount'), value: <Money value={q.amount} kind="token" /> },
              { label: t('sell.currentPrice'), value: <Price value={price.data} /> },
              { label: t('sell.averageBuyPrice'), value: <Price value={h.averageBuyPrice} /> },
              { label: t('sell.costBasis'), value: <Money value={formatUnits(prediction.costBasis)} /> },
              { label: t('sell.received'), value: <Money value={q.total} />, strong: true },
              {
                label: t('sell.profitLoss'),
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
                label: t('sell.remaining'),
                value: <Money value={formatUnits(prediction.remaining)} kind="token" />,
              },
            ]}
          />
        )
      }
      waiting={
        held === 0n
          ? t('sell.noHoldings')
          : reading.kind === 'ok' && !aboveHoldings && !quote.isError
            ? t('dialog.gettingQuote')
            : quote.isError && reading.kind === 'ok' && !aboveHoldings
              ? tokenErrorMessage(quote.error, t('errors.quoteFailed'))
              : t('sell.enterAmount')
      }
      slippagePercent={q?.slippage_percent}
      submit={{ label: t('sell.submit'), color: 'orange', enabled: canSell }}
    >
      <InfoLine label={t('sell.holdings')}>
        <Money value={h?.quantity} kind="token" data-testid="sell-holdings" />
      </InfoLine>
      <InfoLine label={t('sell.portfolioValue')}>
        <Money value={h?.currentValue} />
      </InfoLine>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <DecimalInput
          label={t('dialog.amount')}
          placeholder="0.00"
          value={d.raw}
          onChange={(v) => {
            d.setRaw(v);
            if (outcome !== null) d.setOutcome(null);
          }}
          error={d.amountError ?? (aboveHoldings ? insufficientTokens() : null)}
          disabled={trade.isPending}
          style={{ flex: 1 }}
          data-autofocus
        />
        <Button
          variant="light"
          mt={25}
          onClick={() => {
            if (h !== undefined) d.setRaw(plainDecimal(h.quantity));
            if (outcome !== null) d.setOutcome(null);
          }}
          disabled={trade.isPending || held === null || held === 0n}
        >
          {t('sell.max')}
        </Button>
      </Group>
    </TradeDialogShell>
  );
}
