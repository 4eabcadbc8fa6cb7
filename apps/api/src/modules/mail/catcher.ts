import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import { type CaughtMail, inboxPage } from './catcher-page';

/**
 * The development mail catcher (decision 0038): an SMTP server and a web inbox, both on loopback
 * only, started by `npm start` in development when no SMTP_URL is set, so every e-mail the app sends (codes,
 * reset links, notices) reaches a newcomer's browser. Mail is kept in memory (the newest KEPT), never
 * relayed. smtp-server and mailparser are development dependencies, loaded only when the catcher starts.
 * The inbox answers GET / (a page) and GET /api/messages (JSON, newest first); DELETE /api/messages empties it.
 */

/** One mail caught (its type lives with the inbox page, which imports nothing of this file: decision 0059). */
export type { CaughtMail };

export type MailCatcher = {
  /** What the mailer sends to: smtp://127.0.0.1:<port>. */
  smtpUrl: string;
  /** The web inbox: http://127.0.0.1:<port>. */
  inboxUrl: string;
  smtpPort: number;
  webPort: number;
  messages: () => readonly CaughtMail[];
  close: () => Promise<void>;
};

/** Mail kept in memory: the oldest go first. */
const KEPT = 500;
const HOST = '127.0.0.1';

/**
 * Listens on `port`, or when it is taken on a free port (the start-up line prints the one used), so a second
 * `npm start` on one machine still catches its mail.
 */
async function listenOn(server: Server, port: number, warn: (msg: string) => void): Promise<number> {
  const attempt = (p: number) =>
    new Promise<void>((resolve, reject) => {
      const failed = (err: Error) => reject(err);
      server.once('error', failed);
      server.listen(p, HOST, () => {
        server.off('error', failed);
        resolve();
      });
    });
  try {
    await attempt(port);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0) throw err;
    warn(`Mail catcher: port ${port} is taken, using a free port instead`);
    await attempt(0);
  }
  return (server.address() as AddressInfo).port;
}

export async function startMailCatcher(options: {
  smtpPort: number;
  webPort: number;
  warn: (msg: string) => void;
}): Promise<MailCatcher> {
  const [{ SMTPServer }, { simpleParser }] = await Promise.all([import('smtp-server'), import('mailparser')]);
  const kept: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 5 * 1024 * 1024,
    // Stopping the server never waits long for a client still connected.
    closeTimeout: 1000,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          kept.unshift({
            id: randomUUID(),
            from: parsed.from?.text ?? (session.envelope.mailFrom || { address: '' }).address,
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            received_at: new Date().toISOString(),
          });
          kept.length = Math.min(kept.length, KEPT);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  smtp.on('error', (err: NodeJS.ErrnoException) => {
    // A taken port is handled by listenOn; anything else (a client gone mid-message) is only told.
    if (err.code !== 'EADDRINUSE') options.warn(`Mail catcher SMTP: ${err.message}`);
  });

  const web = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${HOST}`);
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, {
        'content-type': `${type}; charset=utf-8`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      });
      res.end(body);
    };
    if (url.pathname === '/api/messages' && req.method === 'GET')
      return send(200, 'application/json', JSON.stringify({ messages: kept }));
    if (url.pathname === '/api/messages' && req.method === 'DELETE') {
      kept.length = 0;
      return send(200, 'application/json', JSON.stringify({ messages: kept }));
    }
    if (url.pathname === '/' && req.method === 'GET') return send(200, 'text/html', inboxPage(kept));
    return send(404, 'application/json', JSON.stringify({ message: 'Not found' }));
  });

  const smtpPort = await listenOn(smtp.server, options.smtpPort, options.warn);
  let webPort: number;
  try {
    webPort = await listenOn(web, options.webPort, options.warn);
  } catch (err) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw err;
  }
  return {
    smtpUrl: `smtp://${HOST}:${smtpPort}`,
    inboxUrl: `http://${HOST}:${webPort}`,
    smtpPort,
    webPort,
    messages: () => kept,
    close: async () => {
      web.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => web.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}
