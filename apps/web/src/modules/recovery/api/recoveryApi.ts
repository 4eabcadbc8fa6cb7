import { MessageResponse, OutboxResponse } from '@sgx/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../app/api';

export type OutboxMail = z.infer<typeof OutboxResponse>['mails'][number];

/** POST /pass/forget: answers the same whether or not the e-mail is registered. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest('/pass/forget', { method: 'POST', body: { email }, schema: MessageResponse }),
  });
}

/** POST /pass/reset with the link's token; the server answers 'Password change successfuly'. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string; confirmPassword: string }) =>
      apiRequest('/pass/reset', { method: 'POST', body, schema: MessageResponse }),
  });
}

/** GET /outbox (admin): the e-mails kept when no SMTP server is configured, newest first. */
export function useOutbox() {
  return useQuery({
    queryKey: ['outbox'],
    queryFn: ({ signal }) => apiRequest('/outbox', { schema: OutboxResponse, signal }),
    select: (d) => d.mails,
  });
}
