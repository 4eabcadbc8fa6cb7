import { type APIRequestContext, expect } from '@playwright/test';

/**
 * The development mail catcher of the e2e server (decision 0038): `npm start` without SMTP_URL
 * catches every e-mail the app sends on loopback. Each run gives it ports of its own, derived from the app's
 * (playwright.config.ts), so the specs know where its inbox is.
 */
export function mailCatcherPorts(appPort: number): { smtp: number; web: number } {
  return { smtp: appPort + 1, web: appPort + 2 };
}

/** The web inbox of this run's mail catcher (what `npm start` prints as "Mail inbox"). */
export const mailInboxUrl = (): string =>
  `http://127.0.0.1:${mailCatcherPorts(Number(process.env.E2E_PORT ?? 3100)).web}`;

export interface CaughtMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  received_at: string;
}

/** Every e-mail the mail catcher holds for `to`, newest first. */
export async function caughtMailsTo(request: APIRequestContext, to: string): Promise<CaughtMail[]> {
  const res = await request.get(`${mailInboxUrl()}/api/messages`);
  if (!res.ok()) throw new Error(`mail inbox answered ${res.status()}`);
  const { messages } = (await res.json()) as { messages: CaughtMail[] };
  return messages.filter((m) => m.to.some((a) => a.toLowerCase() === to.toLowerCase()));
}

/** The newest e-mail to `to` with `subject` in the mail catcher, waiting up to 10 s for it to arrive. */
export async function caughtMail(
  request: APIRequestContext,
  to: string,
  subject: string | RegExp,
): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await caughtMailsTo(request, to)).find((m) =>
          typeof subject === 'string' ? m.subject === subject : subject.test(m.subject),
        );
        return found ? 'arrived' : `no mail to ${to}: ${String(subject)}`;
      },
      { timeout: 10_000 },
    )
    .toBe('arrived');
  if (!found) throw new Error(`no mail to ${to} with subject ${subject}`);
  return found;
}
