import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db';

export type Mail = { to: string; subject: string; text: string };

/**
 * Sends mail through SMTP when configured; otherwise keeps it in the outbox that admins can read, so
 * development needs no mail server. Every mail is recorded; with SMTP the body is not stored. In
 * development without SMTP the mail goes to the local mail catcher (catcher.ts, decision 0038) and is kept
 * in the outbox with its body too, as before.
 */
export class Mailer {
  private readonly transport: Transporter | undefined;
  /** The mail goes to the development mail catcher (no SMTP_URL): the outbox keeps the body. */
  private readonly toCatcher: boolean;

  constructor(
    private readonly db: Db,
    smtpUrl: string | undefined,
    private readonly from: string,
    /** The development mail catcher's SMTP port, used when smtpUrl is unset. */
    catcherSmtpPort?: number,
  ) {
    const url =
      smtpUrl ?? (catcherSmtpPort === undefined ? undefined : `smtp://127.0.0.1:${catcherSmtpPort}`);
    this.transport = url ? nodemailer.createTransport(url) : undefined;
    this.toCatcher = !smtpUrl && url !== undefined;
  }

  /** Mail leaves the process over SMTP (a real server, or in development the mail catcher). */
  get usesSmtp(): boolean {
    return this.transport !== undefined;
  }

  /** A real SMTP server is configured (SMTP_URL): what the setup checklist asks for. */
  get smtpConfigured(): boolean {
    return this.usesSmtp && !this.toCatcher;
  }

  async send(mail: Mail): Promise<void> {
    if (!this.transport) {
      await this.db
        .insertInto('mail_outbox')
        .values({
          to_address: mail.to,
          subject: mail.subject,
          body: mail.text,
          delivered_via: 'outbox',
          status: 'kept',
        })
        .execute();
      return;
    }
    try {
      await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
      await this.db
        .insertInto('mail_outbox')
        .values({
          to_address: mail.to,
          subject: mail.subject,
          body: this.toCatcher ? mail.text : null,
          delivered_via: 'smtp',
          status: 'sent',
        })
        .execute();
    } catch (err) {
      await this.db
        .insertInto('mail_outbox')
        .values({
          to_address: mail.to,
          subject: mail.subject,
          body: null,
          delivered_via: 'smtp',
          status: 'failed',
          error: String(err).slice(0, 500),
        })
        .execute();
      throw err;
    }
  }
}
