import { z } from 'zod';

export const ticketStatuses = ['open', 'in-progress', 'resolved', 'closed'] as const;
export const TicketStatus = z.enum(ticketStatuses);
export const CreateTicketBody = z.object({
  subject: z.string().trim().min(3, 'Subject is required').max(200),
  category: z
    .enum(['general', 'deposit', 'withdrawal', 'plan', 'income', 'token', 'account'])
    .default('general'),
  message: z.string().trim().min(1, 'Message is required').max(5000),
});
export const TicketResponseBody = z.object({
  message: z.string().trim().min(1, 'Message is required').max(5000),
});
export const TicketStatusBody = z.object({ status: TicketStatus });
export const TicketResponseRecord = z.object({
  id: z.number().int(),
  author_id: z.number().int(),
  author: z.string(),
  author_role: z.enum(['user', 'admin']),
  message: z.string(),
  created_at: z.string(),
});
export const TicketRecord = z.object({
  id: z.number().int(),
  ticket_id: z.string(),
  user_id: z.number().int(),
  username: z.string(),
  fullname: z.string(),
  subject: z.string(),
  category: z.string(),
  status: TicketStatus,
  created_at: z.string(),
  updated_at: z.string(),
});
export const TicketWithResponses = TicketRecord.extend({ responses: z.array(TicketResponseRecord) });
export const TicketListQuery = z.object({
  status: TicketStatus.optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const TicketListResponse = z.object({
  tickets: z.array(TicketRecord),
  total: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
});
