import { expect } from 'vitest';
import { bearer } from './factories';
import { sqlOn, type TestApp } from './helpers';

export const PAYOUT_CODE_SUBJECT = 'Your SocialGenX payout address code';

/**
 * Asks for the e-mailed code of a payout address change (POST /users/payout-address/email-code) and reads
 * it from the mail outbox (a test app without SMTP keeps every mail there with its body).
 */
export async function payoutEmailCode(t: TestApp, token: string, email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/payout-address/email-code',
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  const mail = await sqlOn(
    t.url,
    'SELECT body FROM mail_outbox WHERE to_address = $1 AND subject = $2 ORDER BY id DESC LIMIT 1',
    [email, PAYOUT_CODE_SUBJECT],
  );
  const code = /\b(\d{6})\b/.exec(String(mail.rows[0]?.body ?? ''))?.[1];
  if (!code) throw new Error(`no payout address code mailed to ${email}`);
  return code;
}

/** What a payout address change asks of a member without two-factor: the password and an e-mailed code. */
export async function payoutConfirmation(
  t: TestApp,
  member: { token: string; email: string; password: string },
): Promise<{ password: string; email_code: string }> {
  return { password: member.password, email_code: await payoutEmailCode(t, member.token, member.email) };
}

/** Ends the holds of a member's payout address changes (as if the hold hours had passed). */
export async function endPayoutHolds(t: TestApp, userId: bigint): Promise<void> {
  await sqlOn(
    t.url,
    "UPDATE payout_address_changes SET requested_at = requested_at - interval '2 days', hold_until = now() - interval '1 second' WHERE user_id = $1",
    [userId],
  );
}
