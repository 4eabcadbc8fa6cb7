import {
  CreateTicketBody,
  IdIn,
  IdParam,
  TicketListQuery,
  TicketListResponse,
  TicketResponseBody,
  TicketResponseRecord,
  TicketStatusBody,
  TicketWithResponses,
} from '@sgx/contracts';
import { z } from 'zod';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { scopeOf } from '../../http/listing';

const TicketIdParam = z.object({ ticketId: IdIn });
const UserIdParam = z.object({ userId: IdIn });
const Saved = z.object({ message: z.string(), ticket: TicketWithResponses });

export function ticketsRoutes(app: App): void {
  const { tickets } = app.deps;
  const tags = ['tickets'];

  app.post(
    '/tickets',
    { config: { access: 'member' }, schema: { tags, body: CreateTicketBody, response: { 201: Saved } } },
    async (request, reply) =>
      reply.status(201).send({
        message: 'Ticket created successfully!',
        ticket: await tickets.create(principalOf(request), request.body),
      }),
  );
  app.post(
    '/tickets/:ticketId/responses',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: TicketIdParam, body: TicketResponseBody, response: { 201: Saved } },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: 'Response added successfully!',
        ticket: await tickets.respond(
          principalOf(request),
          BigInt(request.params.ticketId),
          request.body.message,
        ),
      }),
  );
  app.get(
    '/tickets',
    {
      config: { access: 'admin', permission: 'tickets' },
      schema: { tags, querystring: TicketListQuery, response: { 200: TicketListResponse } },
    },
    async (request) => tickets.list(request.query),
  );
  app.get(
    '/tickets/single/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: IdParam, response: { 200: z.object({ ticket: TicketWithResponses }) } },
    },
    async (request) => ({ ticket: await tickets.single(principalOf(request), BigInt(request.params.id)) }),
  );
  app.get(
    '/tickets/:userId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        params: UserIdParam,
        querystring: TicketListQuery,
        response: { 200: TicketListResponse },
      },
    },
    async (request) =>
      tickets.list(
        request.query,
        scopeOf(principalOf(request), request.params.userId, 'tickets') ?? BigInt(request.params.userId),
      ),
  );
  app.get(
    '/ticket-responses/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        params: IdParam,
        response: { 200: z.object({ responses: z.array(TicketResponseRecord) }) },
      },
    },
    async (request) => ({
      responses: await tickets.responses(principalOf(request), BigInt(request.params.id)),
    }),
  );
  app.put(
    '/tickets/:ticketId/status',
    {
      config: { access: 'admin', permission: 'tickets' },
      schema: {
        tags,
        params: TicketIdParam,
        body: TicketStatusBody,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await tickets.setStatus(BigInt(request.params.ticketId), request.body.status);
      return { message: 'Ticket status updated successfully!' };
    },
  );
}
