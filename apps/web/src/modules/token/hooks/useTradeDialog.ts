import { useDebouncedValue } from '@mantine/hooks';
import type { TradeResponse } from '@sgx/contracts';
import { useState } from 'react';
import type { z } from 'zod';
import { useUser } from '../../users/api/usersApi';
import {
  type Holding,
  tokenErrorMessage,
  tradeFailed,
  useHolding,
  useQuote,
  useRefreshToken,
  useTokenPrice,
  useTrade,
} from '../api/tokenApi';
import type { Outcome } from '../components/TradeParts';
import { tokenText } from '../i18n';
import { readAmount } from '../tokenMath';
import { useCloseAfter } from './useCloseAfter';
import { useSubmissionKey } from './useSubmissionKey';

/** How long the amount must stay still before the server is asked for a quote. */
export const QUOTE_DEBOUNCE_MS = 300;

export type TradeSide = 'buy' | 'sell';

/**
 * What the Buy and Sell dialogs share (spec 2.9): the typed amount and its debounced reading, the server's
 * price, the member's holding, the quote, the outcome, and placing the trade with an Idempotency-Key that stays
 * the same while the member retries the same amount. `quoteFor` says which settled amount may be quoted (a sell
 * above the holdings is not).
 */
export function useTradeDialog(
  side: TradeSide,
  userId: number,
  onClose: () => void,
  quoteFor: (settled: ReturnType<typeof readAmount>, holding: Holding | undefined) => string | null = (s) =>
    s.kind === 'ok' ? s.text : null,
) {
  const [raw, setRaw] = useState('');
  const [debounced] = useDebouncedValue(raw, QUOTE_DEBOUNCE_MS);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const price = useTokenPrice();
  const holding = useHolding(userId);
  const user = useUser(userId);
  const trade = useTrade(userId);
  const refresh = useRefreshToken();
  const submission = useSubmissionKey();
  const reading = readAmount(raw);
  const settled = readAmount(debounced);
  const quote = useQuote(side, quoteFor(settled, holding.data));
  const succeeded = outcome?.kind === 'success';

  useCloseAfter(succeeded, () => {
    void refresh();
    onClose();
  });

  /** Places the trade of the amount read now; on failure shows why and reloads the numbers as they are now. */
  const place = (
    amount: string,
    on: { success: (r: z.infer<typeof TradeResponse>) => void; error?: () => void },
  ) => {
    if (price.data === undefined) return;
    setOutcome(null);
    trade.mutate(
      {
        side,
        amount,
        userId,
        expectedPrice: price.data,
        address: user.data?.bep20 ?? undefined,
        idempotencyKey: submission.keyFor(amount),
      },
      {
        onSuccess: (r) => {
          submission.reset();
          on.success(r);
        },
        onError: (error) => {
          on.error?.();
          setOutcome({ kind: 'error', message: tokenErrorMessage(error, tradeFailed()) });
          void price.refetch();
          void holding.refetch();
          void quote.refetch();
        },
      },
    );
  };

  /** The amount field's error, before any side's own (a sell above the holdings). */
  const amountError =
    reading.kind === 'invalid'
      ? tokenText('errors.tooManyDecimals')
      : reading.kind === 'not-positive'
        ? tokenText('errors.notPositive')
        : null;

  return {
    raw,
    setRaw,
    reading,
    outcome,
    setOutcome,
    price,
    holding,
    trade,
    quote,
    succeeded,
    place,
    amountError,
  };
}
