import type { APIRequestContext } from '@playwright/test';
import { demoAdmin } from '../fixtures';
import { adminCallApproved } from './ApprovalPages';
import { signInWithSecondFactor } from './secondFactor';

/** Calls the recovery, notification and settings specs make through the API (not what they are about). */
export async function adminToken(request: APIRequestContext): Promise<string> {
  // With its second factor (decision 0023): enrolled at the admin's first sign-in of the run, a code after.
  const { token } = await signInWithSecondFactor(request, 'admin', demoAdmin.email, demoAdmin.password);
  return token;
}

interface Mail {
  id: number;
  to: string;
  subject: string;
  body: string | null;
  created_at: string;
}

/** Without SMTP the e-mails land in the outbox: the newest one sent to `to` with `subject`. */
export async function latestMail(request: APIRequestContext, to: string, subject: string): Promise<Mail> {
  const token = await adminToken(request);
  const res = await request.get('/api/v1/outbox', { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok()) throw new Error(`outbox failed: ${res.status()} ${await res.text()}`);
  const { mails } = (await res.json()) as { mails: Mail[] };
  const mail = mails
    .filter((m) => m.to.toLowerCase() === to.toLowerCase() && m.subject === subject)
    .sort((a, b) => b.id - a.id)[0];
  if (!mail) throw new Error(`no mail to ${to} with subject ${subject}`);
  return mail;
}

/** The path and query of the reset link in a reset e-mail ("/reset-password?token=..."). */
export function resetLinkOf(mail: Mail): string {
  const match = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.body ?? '');
  if (!match) throw new Error(`no reset link in: ${mail.body}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

/** An admin's notification through the API (for specs about what members see). */
export async function sendNotification(
  request: APIRequestContext,
  body: {
    title: string;
    message: string;
    type: 'notification' | 'site_popup';
    users: boolean;
    recipients: number[];
  },
): Promise<number> {
  const token = await adminToken(request);
  const res = await request.post('/api/v1/notifications', {
    headers: { Authorization: `Bearer ${token}` },
    data: body,
  });
  if (res.status() !== 201) throw new Error(`notification failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { notification: { id: number } }).notification.id;
}

/**
 * Changes settings through the API, with a reason (used to put things back after a spec). An economic setting
 * waits for a second admin (decision 0024): the second demo admin approves it here.
 */
export async function putSettings(request: APIRequestContext, settings: Record<string, unknown>) {
  const token = await adminToken(request);
  await adminCallApproved(
    request,
    token,
    '/settings',
    { settings, reason: 'e2e: put the settings back' },
    'PUT',
  );
}
