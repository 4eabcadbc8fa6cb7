import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db';

export type Mail = { to: string; subject: string; text: string };

/**
 * Sends mail through SMTP when configured; otherwise keeps it in the outbox that admins can read, so
 * development needs no mail server. Every mail is recorded; with SMTP the body is not stored.
 */
export class Mailer {
  private readonly transport: Transporter | undefined;

  constructor(
    private readonly db: Db,
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  }

  get usesSmtp(): boolean {
    return this.transport !== undefined;
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
          body: null,
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
