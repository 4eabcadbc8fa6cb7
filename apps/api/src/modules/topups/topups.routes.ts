import {
  EntryBody,
  IdParam,
  ListQuery,
  RetopupBody,
  TopupBody,
  TopupRecord,
  TopupResponse,
  TopupsResponse,
} from '@sgx/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { conflict } from '../../http/errors';
import { actingFor, csvColumns, keyedRequest, pageInfo, scopeOf, sendCsv } from '../../http/listing';

/** The request's key and fingerprint as an Activation takes them. */
const keyOf = (request: FastifyRequest) => {
  const { key, fingerprint } = keyedRequest(request);
  return { requestKey: key, fingerprint };
};

export function topupsRoutes(app: App): void {
  const { topups } = app.deps;
  const tags = ['topups'];

  app.post(
    '/topup/add',
    { config: { access: 'signed-in' }, schema: { tags, body: TopupBody, response: { 201: TopupResponse } } },
    async (request, reply) => {
      const p = principalOf(request);
      const topup = await topups.topup(p, {
        payer: actingFor(p, request.body.userby_id),
        receiver: BigInt(request.body.userto_id),
        planId: BigInt(request.body.id),
        amount: request.body.amount,
        kind: 'topup',
        ...keyOf(request),
      });
      return reply.status(201).send({ message: 'Top-up successful', topup });
    },
  );
  app.post(
    '/topup/addretopup',
    {
      config: { access: 'signed-in' },
      schema: { tags, body: RetopupBody, response: { 201: TopupResponse } },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const topup = await topups.topup(p, {
        payer: actingFor(p, request.body.userby_id),
        receiver: BigInt(request.body.userto_id),
        planId: null,
        amount: request.body.amount,
        kind: 'retopup',
        ...keyOf(request),
      });
      return reply.status(201).send({ message: 'Re-top-up successful', topup });
    },
  );
  app.post(
    '/topup/entry',
    { config: { access: 'signed-in' }, schema: { tags, body: EntryBody, response: { 201: TopupResponse } } },
    async (request, reply) => {
      const p = principalOf(request);
      const topup = await topups.entry(
        p,
        actingFor(p, request.body.userby_id),
        BigInt(request.body.id),
        keyedRequest(request),
      );
      return reply.status(201).send({ message: 'Account activated', topup });
    },
  );
  app.get(
    '/topup/list',
    {
      config: { access: 'signed-in' },
      schema: { tags, querystring: ListQuery, response: { 200: TopupsResponse } },
    },
    async (request, reply) => {
      const q = request.query;
      const { rows, total } = await topups.list(q, scopeOf(principalOf(request)));
      if (q.format === 'csv') return sendCsv(reply, 'topups', csvColumns(TopupRecord), rows);
      return { topups: rows, ...pageInfo(q, total) };
    },
  );
  app.get(
    '/topup/by/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: IdParam, querystring: ListQuery, response: { 200: TopupsResponse } },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await topups.list(q, scopeOf(principalOf(request), request.params.id));
      return { topups: rows, ...pageInfo(q, total) };
    },
  );
  // A top-up is paid and complete the moment it is made; changing or deleting it would rewrite money
  // history. Corrections go through a ledger adjustment (/tr/create) or ending the plan (/actplan).
  const immutable = async () => {
    throw conflict('A completed top-up cannot be changed or deleted. Post a correction instead.');
  };
  app.put(
    '/topup/:id',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, params: IdParam, response: { 200: z.object({ topup: TopupRecord }) } },
    },
    immutable,
  );
  app.delete(
    '/topup/:id',
    { config: { access: 'admin', permission: 'money' }, schema: { tags, params: IdParam } },
    immutable,
  );
}
