import { loadConfig } from './config';
import { demoCredentials } from './db/seed';
import { startServer } from './server';

const config = loadConfig();
const running = await startServer(config).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

const shown = running.url.replace('0.0.0.0', 'localhost').replace('127.0.0.1', 'localhost');
const lines = [`SocialGenX is running at ${shown}  (API docs: ${shown}/api/docs)`];
if (config.seedDemo) {
  lines.push(
    `Demo admin:  ${demoCredentials.admin.email} / ${demoCredentials.admin.password}   (${shown}/admin-login)`,
    `Demo member: ${demoCredentials.member.email} / ${demoCredentials.member.password}  (${shown}/login)`,
  );
}
console.log(`\n${lines.join('\n')}\n`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
