import type { ApprovalRecord } from '@sgx/contracts';
import type { LightMyRequestResponse } from 'fastify';
import type { App, Deps } from '../src/app';
import { type Built, bearer, buildAdmin, tokenFor } from './factories';

/**
 * Two admins for large payouts (decision 0024) in tests: an action that waits answers 202 with its approval,
 * and a second, different admin approves it.
 */

/** A second admin and their token (the first admin's approvals need another admin). */
export async function secondAdmin(app: App, deps: Deps): Promise<{ id: bigint; token: string }> {
  const admin = await buildAdmin(deps);
  return { id: admin.id, token: await tokenFor(app, admin, 'admin') };
}

/** The two admins of an approvals test: A asks, B approves (their tokens ready to use). */
export async function twoAdmins(
  app: App,
  deps: Deps,
): Promise<{ adminA: Built; tokenA: string; tokenB: string; adminBId: bigint }> {
  const adminA = await buildAdmin(deps);
  const tokenA = await tokenFor(app, adminA, 'admin');
  const b = await secondAdmin(app, deps);
  return { adminA, tokenA, tokenB: b.token, adminBId: b.id };
}

const approveOnce = (app: App, token: string, id: number) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/admin/approvals/${id}/approve`,
    headers: bearer(token),
    payload: {},
  });

/**
 * Runs approval `id`'s simulation (decision 0069: a change of the economic rules is approved only with it done) as
 * the admin of `token`, and waits until it is done.
 */
export async function simulateApproval(app: App, token: string, id: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const res = await app.inject({ url: `/api/v1/admin/approvals/${id}/simulation`, headers: bearer(token) });
    if (res.statusCode !== 200)
      throw new Error(`simulation of approval ${id}: ${res.statusCode} ${res.body}`);
    const { status, error } = res.json().simulation as { status: string; error: string | null };
    if (status === 'done') return;
    if (status === 'failed') throw new Error(`simulation of approval ${id} failed: ${error}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`simulation of approval ${id} did not finish`);
}

/**
 * Approves approval `id` as the admin of `token`; throws unless it was done. A change of the economic rules first
 * has its simulation run, as the approver's page does.
 */
export async function approve(app: App, token: string, id: number): Promise<ApprovalRecord> {
  let res = await approveOnce(app, token, id);
  if (res.statusCode === 409 && /simulation/.test(res.json().message)) {
    await simulateApproval(app, token, id);
    res = await approveOnce(app, token, id);
  }
  if (res.statusCode !== 200) throw new Error(`approval ${id} failed: ${res.statusCode} ${res.body}`);
  return res.json().approval;
}

/**
 * The first admin's answer `res` must be 202 (waiting); the admin of `secondToken` approves it. Returns the
 * approved record.
 */
export async function approveWaiting(
  app: App,
  res: LightMyRequestResponse,
  secondToken: string,
): Promise<ApprovalRecord> {
  if (res.statusCode !== 202)
    throw new Error(`expected 202 (waiting for approval): ${res.statusCode} ${res.body}`);
  return approve(app, secondToken, res.json().approval.id);
}
