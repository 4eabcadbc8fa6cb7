import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

describe('support tickets', () => {
  it('runs a thread between a member and an admin through to closed', async () => {
    const m = await buildMember(t.deps);
    const token = await tokenFor(t.app, m);
    const created = await api('POST', '/tickets', token, {
      subject: 'Deposit not credited',
      category: 'deposit',
      message: 'I sent 100 USDT an hour ago.',
    });
    expect(created.statusCode).toBe(201);
    const { ticket, message } = created.json();
    expect(message).toBe('Ticket created successfully!');
    expect(ticket).toMatchObject({
      status: 'open',
      subject: 'Deposit not credited',
      responses: [{ author_role: 'user', message: 'I sent 100 USDT an hour ago.' }],
    });
    expect(ticket.ticket_id).toMatch(/^TCK-/);

    const answer = await api('POST', `/tickets/${ticket.id}/responses`, adminToken, {
      message: 'Please send the transaction hash.',
    });
    expect(answer.json()).toMatchObject({
      message: 'Response added successfully!',
      ticket: { status: 'in-progress' },
    });
    await api('POST', `/tickets/${ticket.id}/responses`, token, { message: '0xabc...' });
    const status = await api('PUT', `/tickets/${ticket.id}/status`, adminToken, { status: 'closed' });
    expect(status.json()).toEqual({ message: 'Ticket status updated successfully!' });
    const thread = (await api('GET', `/tickets/single/${ticket.id}`, token)).json().ticket;
    expect(thread.status).toBe('closed');
    expect(thread.responses.map((r: { author_role: string }) => r.author_role)).toEqual([
      'user',
      'admin',
      'user',
    ]);
    expect(
      (await api('POST', `/tickets/${ticket.id}/responses`, token, { message: 'still there?' })).statusCode,
    ).toBe(409);
    expect((await api('GET', `/ticket-responses/${ticket.id}`, token)).json().responses).toHaveLength(3);
  });

  it('shows a member only their own tickets, and admins all with filters', async () => {
    const a = await buildMember(t.deps);
    const b = await buildMember(t.deps);
    const ta = await tokenFor(t.app, a);
    const tb = await tokenFor(t.app, b);
    const mine = (
      await api('POST', '/tickets', ta, { subject: 'Question about levels', message: 'How many levels?' })
    ).json().ticket;
    expect((await api('GET', `/tickets/single/${mine.id}`, tb)).statusCode).toBe(403);
    expect((await api('POST', `/tickets/${mine.id}/responses`, tb, { message: 'hi' })).statusCode).toBe(403);
    expect((await api('GET', `/tickets/${a.id}`, tb)).statusCode).toBe(403);
    expect((await api('GET', `/tickets/${a.id}`, ta)).json().total).toBe(1);
    expect((await api('GET', '/tickets', ta)).statusCode).toBe(403);
    const open = (await api('GET', '/tickets?status=open&search=levels', adminToken)).json();
    expect(open.tickets.map((x: { id: number }) => x.id)).toContain(mine.id);
    expect((await api('PUT', `/tickets/${mine.id}/status`, ta, { status: 'closed' })).statusCode).toBe(403);
    expect((await api('PUT', `/tickets/${mine.id}/status`, adminToken, { status: 'done' })).statusCode).toBe(
      400,
    );
    expect((await api('POST', '/tickets', ta, { subject: '', message: '' })).json().details).toMatchObject({
      subject: ['Subject is required'],
      message: ['Message is required'],
    });
  });
});
