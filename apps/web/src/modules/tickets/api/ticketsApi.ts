import {
  type CreateTicketBody,
  TicketListResponse,
  type TicketRecord,
  type TicketResponseRecord,
  type TicketStatus,
  TicketWithResponses,
  ticketStatuses,
} from '@sgx/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../app/api';
import { tr } from '../../../i18n/i18n';
import { messageOr } from '../../content/api/upload';
import { TICKETS_NS } from '../i18n';

export type TicketRow = z.infer<typeof TicketRecord>;
export type TicketThread = z.infer<typeof TicketWithResponses>;
export type TicketMessage = z.infer<typeof TicketResponseRecord>;
export type TicketState = z.infer<typeof TicketStatus>;
export type NewTicket = z.input<typeof CreateTicketBody>;

export { ticketStatuses };

/** A ticket status as the member reads it (at render time: it follows the language). */
export const statusLabel = (status: TicketState) => tr(`${TICKETS_NS}:status.${status}`);

export const ticketCategories = [
  'general',
  'deposit',
  'withdrawal',
  'plan',
  'income',
  'token',
  'account',
] as const;
export const categoryLabel = (c: string) =>
  (ticketCategories as readonly string[]).includes(c)
    ? tr(`${TICKETS_NS}:category.${c}`)
    : c === ''
      ? c
      : `${c[0]?.toUpperCase()}${c.slice(1)}`;

/** Ticket calls fall back to 'Something went wrong' when the server gave no message (spec 8). */
export const ticketError = (error: unknown) => messageOr(error, tr(`${TICKETS_NS}:error`));

export const ticketKeys = {
  all: ['tickets'] as const,
  lists: ['tickets', 'list'] as const,
  list: (scope: string, qs: string) => ['tickets', 'list', scope, qs] as const,
  single: (id: number) => ['tickets', 'single', id] as const,
};

const Saved = z.object({ message: z.string(), ticket: TicketWithResponses });
const StatusSaved = z.object({ message: z.string() });
const Single = z.object({ ticket: TicketWithResponses });

/** A member's own tickets (GET /tickets/{userId}) or, with userId null, every ticket (admin, GET /tickets). */
export function useTickets(userId: number | null, qs: URLSearchParams, enabled = true) {
  const text = qs.toString();
  const path = userId === null ? '/tickets' : `/tickets/${userId}`;
  return useQuery({
    queryKey: ticketKeys.list(userId === null ? 'all' : String(userId), text),
    queryFn: ({ signal }) => apiRequest(`${path}?${text}`, { schema: TicketListResponse, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One ticket with its thread (GET /tickets/single/{id}); refreshed every 20 seconds while open. */
export function useTicket(id: number | null) {
  return useQuery({
    queryKey: ticketKeys.single(id ?? 0),
    queryFn: ({ signal }) => apiRequest(`/tickets/single/${id}`, { schema: Single, signal }),
    select: (d) => d.ticket,
    enabled: id !== null,
    refetchInterval: 20_000,
  });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewTicket) => apiRequest('/tickets', { method: 'POST', body, schema: Saved }),
    onSuccess: (res) => {
      queryClient.setQueryData(ticketKeys.single(res.ticket.id), { ticket: res.ticket });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists });
    },
  });
}

export function useReplyToTicket(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      apiRequest(`/tickets/${id}/responses`, { method: 'POST', body: { message }, schema: Saved }),
    onSuccess: (res) => {
      queryClient.setQueryData(ticketKeys.single(id), { ticket: res.ticket });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists });
    },
  });
}

export function useSetTicketStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: TicketState) =>
      apiRequest(`/tickets/${id}/status`, { method: 'PUT', body: { status }, schema: StatusSaved }),
    onSuccess: (_res, status) => {
      queryClient.setQueryData<z.infer<typeof Single>>(ticketKeys.single(id), (old) =>
        old ? { ticket: { ...old.ticket, status, updated_at: new Date().toISOString() } } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    },
  });
}
