import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { approveAsSecondAdmin, type PendingApproval, secondAdminApiToken } from './ApprovalPages';
import { apiGet } from './MoneyApi';

/** A rule version as GET /admin/rules/versions answers it (decision 0070). */
export interface RuleVersion {
  version: number;
  from: string;
  until: string | null;
  cause: 'initial' | 'settings' | 'plan';
  changed_by: string | null;
  reason: string | null;
  approval_id: number | null;
  changes: { field: string; from: string | null; to: string | null }[];
}

/**
 * A change of the economic rules is approved only once its simulation is done (decision 0069): the second admin asks
 * for the approval's simulation (which starts it) and waits for its result, as the approver's screen would.
 */
export async function simulationDone(request: APIRequestContext, approvalId: number): Promise<void> {
  const token = await secondAdminApiToken(request);
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/v1/admin/approvals/${approvalId}/simulation`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        expect(res.status(), await res.text()).toBe(200);
        const { simulation } = (await res.json()) as { simulation: { status: string; error: string | null } };
        if (simulation.status === 'failed') throw new Error(`simulation failed: ${simulation.error}`);
        return simulation.status;
      },
      { timeout: 90_000, intervals: [500, 1000, 2000] },
    )
    .toBe('done');
}

/**
 * An admin call that may change the economic rules: when it waits for a second admin (202), its simulation is run
 * and the second admin approves it through the API (setting the scene).
 */
export async function rulesCallApproved(
  request: APIRequestContext,
  token: string,
  path: string,
  data: unknown,
  method: 'POST' | 'PUT' = 'POST',
): Promise<number> {
  const res = await request.fetch(`/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  expect(res.ok(), await res.text()).toBe(true);
  if (res.status() === 202) {
    const { approval } = (await res.json()) as PendingApproval;
    await simulationDone(request, approval.id);
    expect((await approveAsSecondAdmin(request, approval.id)).approval.status).toBe('approved');
  }
  return res.status();
}

/** Every version, the newest first, as the API answers the given admin. */
export async function ruleVersionsViaApi(request: APIRequestContext, token: string): Promise<RuleVersion[]> {
  return (await apiGet<{ versions: RuleVersion[] }>(request, token, '/admin/rules/versions')).versions;
}

/** A change's value as the page shows it: decimals without their padding ("0.50000000" → "0.5"), none as "—". */
export function shownRuleValue(value: string | null): string {
  if (value === null) return '—';
  return /^-?\d+\.\d+$/.test(value) ? value.replace(/\.?0+$/, '') : value;
}

/** A change's line as the page shows it: "Field: from → to", the field in the API's words. */
export const shownChange = (c: RuleVersion['changes'][number]) =>
  `${c.field}: ${shownRuleValue(c.from)} → ${shownRuleValue(c.to)}`;

/** /admin/rule-versions: the versions (a table on a laptop, a card each on a phone) and one version's rules. */
export class RuleVersionsScreen {
  readonly list: Locator;

  constructor(
    readonly page: Page,
    readonly phone: boolean,
  ) {
    this.list = page.getByTestId('rule-versions');
  }

  async goto() {
    await this.page.goto('/admin/rule-versions');
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/admin\/rule-versions/);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Rule versions' })).toBeVisible();
  }

  /** The row (a card on a phone) of one version. */
  row(version: number): Locator {
    const rows = this.phone ? this.list.getByRole('listitem') : this.list.locator('tbody tr');
    return rows.filter({
      has: this.page.getByRole('button', { name: `Show the rules of version ${version}` }),
    });
  }

  /** Opens a version's full rule set; returns its dialog. */
  async open(version: number): Promise<Locator> {
    await this.page
      .getByRole('button', { name: `Show the rules of version ${version}` })
      .first()
      .click();
    const dialog = this.page.getByRole('dialog', { name: `Rules of version ${version}` });
    await expect(dialog.getByTestId('rule-set')).toHaveAttribute('data-version', String(version));
    return dialog;
  }
}
