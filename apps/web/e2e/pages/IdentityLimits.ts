import { expect, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { databaseUrl } from './serverJobs';

/**
 * Sets a member's identity level in the run's database (decision 0073), as an approved identity decision would.
 * Members registered by the specs' helpers (fixtures' registerViaApi, RoughEdges' memberViaApi) are put at level 2,
 * whose default limits are none, so a spec about another rule is not stopped by a limit; a spec of the limits
 * registers its own member at level 0.
 */
export async function setIdentityLevel(memberId: number, level: 0 | 1 | 2): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query('UPDATE users SET identity_level = $2 WHERE id = $1', [memberId, level]);
  } finally {
    await client.end();
  }
}

/** Gives a member a BEP20 payout address directly (no hold: as if set long ago). */
export async function setPayoutAddress(memberId: number, address: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query('UPDATE users SET bep20 = $2 WHERE id = $1', [memberId, address]);
  } finally {
    await client.end();
  }
}

/** Profile → Limits. */
export class LimitsCard {
  readonly card: Locator;
  constructor(page: Page) {
    this.card = page.getByTestId('identity-limits-card');
  }
  limit(key: string): Locator {
    return this.card.getByTestId(`identity-limit-${key}`);
  }
  async expectLevel(level: number) {
    await expect(this.card.getByTestId('identity-level')).toHaveText(`Level ${level}`);
  }
}
