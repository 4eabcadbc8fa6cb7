import { alwaysMailedEventKinds } from '@sgx/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { Mailer } from '../mail/mailer';
import { mailText } from '../mail/messages';

/** How often pending event mail is looked for besides the kick after a request (jobs, other instances). */
const SWEEP_MS = 5_000;
/** How long a kick waits, so that a burst of requests makes one pass. */
const KICK_MS = 100;
const BATCH = 20;

type Claimed = {
  id: bigint;
  mail_state: string;
  title: string;
  message: string;
  link: string | null;
  email: string;
  locale: string | null;
};

/**
 * Sends member events by e-mail after their transaction committed: it only ever reads committed rows
 * (mail_state 'pending'), so a rolled-back change sends nothing and a failed send never touches the
 * money. Each row is taken once (FOR UPDATE SKIP LOCKED, then 'sending'), so instances never send one
 * event twice; a process that dies mid-send leaves the row 'sending' (at most once, never twice).
 * Without SMTP nothing is sent ('unsent'); a kind the member turned off becomes 'off'.
 */
export class EventMailer {
  private timer: NodeJS.Timeout | undefined;
  private sweep: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  logger: FastifyBaseLogger | undefined;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly appUrl: string,
  ) {}

  /** Sends everything pending now; resolves with how many mails went out (for tests and the sweep). */
  async dispatch(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let sent = 0;
      do {
        this.again = false;
        sent += await this.drain();
      } while (this.again);
      return sent;
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async drain(): Promise<number> {
    if (!this.mailer.usesSmtp) {
      await this.db
        .updateTable('member_events')
        .set({ mail_state: 'unsent' })
        .where('mail_state', '=', 'pending')
        .execute();
      return 0;
    }
    let sent = 0;
    for (;;) {
      const { rows } = await sql<Claimed>`
        WITH taken AS (
          SELECT id FROM member_events WHERE mail_state = 'pending' ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
        )
        UPDATE member_events e
        SET mail_state = CASE
          WHEN u.deleted_at IS NOT NULL OR EXISTS (
            SELECT 1 FROM member_event_mail_off o WHERE o.user_id = e.user_id AND o.kind = e.kind
              AND o.kind <> ALL (${[...alwaysMailedEventKinds]}::text[])) THEN 'off'
          ELSE 'sending' END
        FROM taken, users u
        WHERE e.id = taken.id AND u.id = e.user_id
        RETURNING e.id, e.mail_state, e.title, e.message, e.link, u.email, u.locale`.execute(this.db);
      if (rows.length === 0) return sent;
      for (const r of rows) {
        if (r.mail_state !== 'sending') continue;
        const state = await this.mailer.send(this.mailOf(r)).then(
          () => 'sent' as const,
          (err: unknown) => {
            this.logger?.warn({ err, event: r.id }, 'event e-mail failed');
            return 'failed' as const;
          },
        );
        if (state === 'sent') sent++;
        await this.db
          .updateTable('member_events')
          .set({ mail_state: state })
          .where('id', '=', r.id)
          .execute();
      }
    }
  }

  private mailOf(r: Claimed) {
    return {
      to: r.email,
      subject: r.title,
      text: [
        r.message,
        '',
        mailText(r.locale, 'event.seeIt', { link: `${this.appUrl}${r.link ?? '/user/notifications'}` }),
        '',
        mailText(r.locale, 'event.choose', { link: `${this.appUrl}/user/notifications` }),
      ].join('\n'),
    };
  }

  /** Asks for a pass soon (after a request that may have written events has committed). */
  kick(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.dispatch().catch((err: unknown) => this.logger?.warn({ err }, 'event e-mail pass failed'));
    }, KICK_MS);
    this.timer.unref();
  }

  start(): void {
    this.sweep ??= setInterval(() => this.kick(), SWEEP_MS);
    this.sweep.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.sweep);
    clearTimeout(this.timer);
    this.sweep = undefined;
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }
}

/**
 * Runs the event mailer with the app: a pass after every answered change (its transaction has committed
 * by then), a sweep every few seconds for events written by jobs or other instances, stopped on close.
 */
export function registerEventMail(app: FastifyInstance, mail: EventMailer): void {
  mail.logger = app.log;
  app.addHook('onReady', async () => mail.start());
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') mail.kick();
  });
  app.addHook('onClose', async () => mail.stop());
}
