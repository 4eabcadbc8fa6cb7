import {
  isCalendarDay,
  monthPeriod,
  periodProblemOf,
  type StatementWalletName,
} from '@sgx/contracts/statement-period';
import { useState } from 'react';
import { localDay } from '../../../ui/format';
import type { StatementAsk } from '../api/statementsApi';

export type PeriodMode = 'month' | 'custom';
export type PeriodIssue = 'incomplete' | 'reversed' | 'too_long';

/** The current month (YYYY-MM) in the member's time zone. */
export const currentMonth = (): string => (localDay(Date.now()) ?? new Date().toISOString()).slice(0, 7);

/**
 * The statement being asked for: a wallet and a month (the current one at first) or a custom range of days; the
 * ask is null, with the reason, while the range is incomplete, reversed or longer than a year.
 */
export function usePeriod() {
  const [wallet, setWallet] = useState<StatementWalletName>('deposit');
  const [mode, setMode] = useState<PeriodMode>('month');
  const [month, setMonth] = useState(currentMonth);
  const [from, setFrom] = useState(() => monthPeriod(currentMonth()).from);
  const [to, setTo] = useState(() => localDay(Date.now()) ?? monthPeriod(currentMonth()).to);

  let ask: StatementAsk | null = null;
  let issue: PeriodIssue | null = null;
  if (mode === 'month') {
    if (/^\d{4}-\d{2}$/.test(month)) ask = { wallet, ...monthPeriod(month) };
    else issue = 'incomplete';
  } else if (!isCalendarDay(from) || !isCalendarDay(to)) {
    issue = 'incomplete';
  } else {
    issue = periodProblemOf(from, to);
    if (issue === null) ask = { wallet, from, to };
  }
  return { wallet, setWallet, mode, setMode, month, setMonth, from, setFrom, to, setTo, ask, issue };
}

export type Period = ReturnType<typeof usePeriod>;
