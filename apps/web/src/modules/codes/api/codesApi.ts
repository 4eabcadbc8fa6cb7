import { CodeRecord, CodesResponse } from '@sgx/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../app/api';

export type Code = z.infer<typeof CodeRecord>;

export const codeKeys = { list: (qs: string) => ['money', 'codes', qs] as const };

/** GET /codes (admin): status unused | redeemed, search by code. */
export function useCodes(qs: URLSearchParams) {
  const text = qs.toString();
  return useQuery({
    queryKey: codeKeys.list(text),
    queryFn: ({ signal }) => apiRequest(`/codes?${text}`, { schema: CodesResponse, signal }),
    placeholderData: keepPreviousData,
  });
}

const Issued = z.object({ message: z.string(), codes: z.array(CodeRecord) });

/** Admin: issues `count` one-time codes worth `amount` each. */
export function issueCodes(body: { count: number; amount: string }, key: string) {
  return apiRequest('/codes', { method: 'POST', body, schema: Issued, idempotencyKey: key });
}

const Redeemed = z.object({ message: z.string(), amount: z.string() });

/** Member: redeems a code; its value goes to the deposit wallet, once. */
export function redeemCode(code: string, key: string) {
  return apiRequest('/codes/redeem', {
    method: 'POST',
    body: { code },
    schema: Redeemed,
    idempotencyKey: key,
  });
}
