import { StatementQuery, StatementResponse, StatementUserParam } from '@sgx/contracts';
import type { FastifyReply } from 'fastify';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { statementPdf } from './statements.pdf';
import { type Statement, StatementsService, statementFileName } from './statements.service';

/**
 * Member statements (decision 0043): the JSON, the CSV and the PDF of one wallet over a period, for the
 * session's member, and the same for staff with money rights about any member (reading: no audit record).
 */
export function statementsRoutes(app: App): void {
  const statements = new StatementsService(app.deps.reads);
  const tags = ['statements'];
  const member = { config: { access: 'member' as const } };
  const staff = { config: { access: 'admin' as const, permission: 'money' as const } };
  const fileSchema = { tags, querystring: StatementQuery };

  const sendCsv = (reply: FastifyReply, s: Statement) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${statementFileName(s)}.csv"`)
      .send(s.csv);
  const sendPdf = async (reply: FastifyReply, s: Statement) =>
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${statementFileName(s)}.pdf"`)
      .send(await statementPdf(s));
  const json = ({ csv: _csv, ...s }: Statement): StatementResponse => s;

  app.get(
    '/statements',
    { ...member, schema: { tags, querystring: StatementQuery, response: { 200: StatementResponse } } },
    async (request) => json(await statements.statement(principalOf(request).userId, request.query)),
  );
  app.get('/statements/csv', { ...member, schema: fileSchema }, async (request, reply) =>
    sendCsv(reply, await statements.statement(principalOf(request).userId, request.query)),
  );
  app.get('/statements/pdf', { ...member, schema: fileSchema }, async (request, reply) =>
    sendPdf(reply, await statements.statement(principalOf(request).userId, request.query)),
  );

  const adminSchema = { tags, params: StatementUserParam, querystring: StatementQuery };
  const about = (id: number) => BigInt(id);
  app.get(
    '/admin/users/:id/statements',
    { ...staff, schema: { ...adminSchema, response: { 200: StatementResponse } } },
    async (request) => json(await statements.statement(about(request.params.id), request.query)),
  );
  app.get('/admin/users/:id/statements/csv', { ...staff, schema: adminSchema }, async (request, reply) =>
    sendCsv(reply, await statements.statement(about(request.params.id), request.query)),
  );
  app.get('/admin/users/:id/statements/pdf', { ...staff, schema: adminSchema }, async (request, reply) =>
    sendPdf(reply, await statements.statement(about(request.params.id), request.query)),
  );
}
