import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { apiSignIn, randomEvmAddress } from './MoneyApi';

/** The second demo admin (decision 0024): approves what the first one asked for. */
export const secondAdmin = { email: 'admin2@example.com', password: 'Copper-Willow-58' };

export const waitingMessage = 'Waiting for a second admin to approve.';

/** The 202 answer of an admin action kept for a second admin. */
export interface PendingApproval {
  message: string;
  approval: {
    id: number;
    kind: string;
    status: string;
    summary: string;
    reason: string | null;
    requested_by: number;
  };
}

// One API session of the second admin for the run: each sign-in spends an authenticator code.
let secondAdminToken: Promise<string> | undefined;

/** The second admin's bearer token (signed in once, with the second factor). */
export function secondAdminApiToken(request: APIRequestContext): Promise<string> {
  secondAdminToken ??= apiSignIn(request, 'admin', secondAdmin.email, secondAdmin.password).then(
    (a) => a.token,
  );
  return secondAdminToken;
}

/** The pending approvals of one kind, newest first, read as the second admin (what the first admin asked for). */
export async function pendingApprovals(request: APIRequestContext, kind: string) {
  const res = await request.get('/api/v1/admin/approvals?status=pending&limit=100', {
    headers: { Authorization: `Bearer ${await secondAdminApiToken(request)}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { approvals } = (await res.json()) as {
    approvals: (PendingApproval['approval'] & {
      changes: { field: string; before: string; after: string }[];
    })[];
  };
  return approvals.filter((a) => a.kind === kind);
}

/**
 * The approval's own simulation (decision 0069), asked for as the second admin (which starts it) until it is done;
 * returns it.
 */
export async function approvalSimulationDone(request: APIRequestContext, approvalId: number) {
  let done: { status: string; result: unknown } | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/v1/admin/approvals/${approvalId}/simulation`, {
          headers: { Authorization: `Bearer ${await secondAdminApiToken(request)}` },
        });
        expect(res.status(), await res.text()).toBe(200);
        const { simulation } = (await res.json()) as {
          simulation: { status: string; error: string | null; result: unknown };
        };
        if (simulation.status === 'failed') throw new Error(`simulation failed: ${simulation.error}`);
        done = simulation;
        return simulation.status;
      },
      { timeout: 90_000, intervals: [500, 1000, 2000] },
    )
    .toBe('done');
  return done;
}

/** The second admin approves through the API (setting the scene; approvals.spec clicks through the page). */
export async function approveAsSecondAdmin(request: APIRequestContext, approvalId: number) {
  const send = async () =>
    request.post(`/api/v1/admin/approvals/${approvalId}/approve`, {
      headers: { Authorization: `Bearer ${await secondAdminApiToken(request)}` },
      data: { reason: 'e2e: approved by the second admin' },
    });
  let res = await send();
  if (res.status() === 401) {
    secondAdminToken = undefined;
    res = await send();
  }
  // A change of the economic rules is approved only with its simulation done (decision 0069): run it, then approve.
  if (res.status() === 409 && /simulation/i.test(await res.text())) {
    await approvalSimulationDone(request, approvalId);
    res = await send();
  }
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { message: string; approval: { status: string } };
}

/**
 * An admin call that may wait for a second admin: sent as the given admin and, when it answers 202, approved at
 * once by the second admin. Returns the status it answered and its body (the approval's, when it waited).
 */
export async function adminCallApproved<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  data: unknown,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' = 'POST',
): Promise<{ status: number; body: T | PendingApproval }> {
  const res = await request.fetch(`/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as T | PendingApproval;
  if (res.status() === 202) {
    const pending = body as PendingApproval;
    const decided = await approveAsSecondAdmin(request, pending.approval.id);
    expect(decided.approval.status).toBe('approved');
  }
  return { status: res.status(), body };
}

/**
 * Gives a member a BEP20 payout address withdrawals may go to at once: the payout hold (a setting, 24 hours)
 * is set to 0 for the change and put back (each an economic setting the second admin approves), as decision
 * 0025 tells browser tests to do. The admin sets it, as an admin edit of the member.
 */
export async function payoutAddressNow(request: APIRequestContext, adminToken: string, memberId: number) {
  const address = randomEvmAddress();
  const hold = (hours: string) =>
    adminCallApproved(
      request,
      adminToken,
      '/settings',
      { settings: { payoutHoldHours: hours }, reason: 'e2e: a payout address usable at once' },
      'PUT',
    );
  await hold('0');
  try {
    await adminCallApproved(request, adminToken, `/users/${memberId}`, { bep20: address }, 'PUT');
  } finally {
    await hold('24');
  }
  return address;
}

/** A money dialog whose action the API kept for a second admin: it says so (not a success), then closes. */
export async function expectWaitingIn(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByTestId('approval-pending')).toContainText(waitingMessage);
  await expect(dialog.getByRole('link', { name: 'Approvals' })).toHaveAttribute('href', '/admin/approvals');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** /admin/approvals: what waits for a second admin, approved, rejected or cancelled. */
export class AdminApprovalsPage {
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.rows = page.locator('main tbody tr');
  }

  async goto() {
    await this.page.goto('/admin/approvals');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
  }

  /** Shows the approvals of one status ('Waiting', 'Approved', 'Rejected', 'Cancelled'). */
  async show(status: string) {
    await this.page.getByRole('combobox', { name: 'Status', exact: true }).click();
    await this.page.getByRole('option', { name: status, exact: true }).click();
  }

  row(id: number): Locator {
    return this.rows.filter({ has: this.page.getByText(`#${id}`, { exact: true }) });
  }

  approveButton(id: number): Locator {
    return this.page.getByRole('button', { name: `Approve approval ${id}` });
  }

  /** Approves one as the signed-in admin, after reading what the dialog restates. */
  async approve(id: number, restated: (string | RegExp)[] = []) {
    await this.approveButton(id).click();
    const dialog = this.page.getByRole('dialog', { name: 'Approve this action' });
    for (const text of restated) await expect(dialog).toContainText(text);
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(dialog).toBeHidden();
  }

  async reject(id: number, reason: string) {
    await this.page.getByRole('button', { name: `Reject approval ${id}` }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Reject this action' });
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill(reason);
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(dialog).toBeHidden();
  }
}
