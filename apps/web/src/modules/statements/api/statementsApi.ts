import type { StatementResponse } from '@sgx/contracts';
import type { StatementWalletName } from '@sgx/contracts/statement-period';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';
import { contract } from '../../../app/lazySchema';
import { downloadCsv } from '../../../ui/downloadCsv';

export interface StatementAsk {
  wallet: StatementWalletName;
  from: string;
  to: string;
}

/** Where a statement is read: the session member's own, or (staff with money rights) a member's by id. */
export const statementPath = (memberId?: number) =>
  memberId === undefined ? '/statements' : `/admin/users/${memberId}/statements`;

const queryOf = (ask: StatementAsk) =>
  new URLSearchParams({ wallet: ask.wallet, from: ask.from, to: ask.to });

/** A statement (GET /statements); `ask` null while the period is not a valid one. */
export function useStatement(ask: StatementAsk | null, memberId?: number) {
  return useQuery({
    queryKey: ['money', 'statement', memberId ?? 'me', ask?.wallet, ask?.from, ask?.to],
    queryFn: ({ signal }): Promise<StatementResponse> =>
      apiRequest(`${statementPath(memberId)}?${queryOf(ask as StatementAsk)}`, {
        schema: contract('StatementResponse'),
        signal,
      }),
    enabled: ask !== null,
  });
}

/**
 * Downloads the statement's PDF or CSV with the session's credential (the shared download helper: the file is
 * saved under the server's name, statement-<member>-<wallet>-<from>-<to>.pdf or .csv).
 */
export function downloadStatement(ask: StatementAsk, kind: 'pdf' | 'csv', memberId?: number): Promise<void> {
  return downloadCsv(
    `${statementPath(memberId)}/${kind}`,
    queryOf(ask),
    `statement-${ask.wallet}-${ask.from}-${ask.to}`,
  );
}
