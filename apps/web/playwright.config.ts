import { defineConfig } from '@playwright/test';
import { pickFreePort } from '../../scripts/ports.mjs';
import { mailCatcherPorts } from './e2e/pages/mailCatcher';

// Each run takes free ports of its own (the app, its mail catcher at +1 and +2; the chain, its ready probe at
// +1), picked below the ephemeral range so nothing else takes them before the servers listen, and hands them
// to the specs through E2E_PORT and E2E_CHAIN_PORT (workers inherit this process's environment). Set either
// to choose it. The database folder is per app port (.tmp/e2e-<port>).
process.env.E2E_PORT ??= String(pickFreePort([0, 1, 2]));
process.env.E2E_CHAIN_PORT ??= String(pickFreePort([0, 1]));
const PORT = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${PORT}`;
const CHAIN_PORT = Number(process.env.E2E_CHAIN_PORT);
const chainURL = `http://127.0.0.1:${CHAIN_PORT}`;
// The development mail catcher `npm start` runs without SMTP_URL (decision 0038), on this run's own ports.
const MAIL = mailCatcherPorts(PORT);

/**
 * Browser tests against the real app: the API (with its embedded database, fresh for every run) serving the
 * built web app on one port, exactly as in production, and a real local chain (anvil as BNB Smart Chain, 56,
 * with the test stablecoin) that the server verifies deposits on and the browser's wallet talks to.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: '../../test-results/web-e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: '../../playwright-report' }]]
    : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  webServer: [
    {
      // A fresh chain every run: anvil, the test stablecoin deployed and minted (ready once that is done).
      command: `E2E_CHAIN_PORT=${CHAIN_PORT} npx tsx apps/web/e2e/chain-server.ts`,
      cwd: '../..',
      url: `http://127.0.0.1:${CHAIN_PORT + 1}/ready`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // Every browser test signs in and registers from 127.0.0.1: the per-address limits are raised for the run.
      // The server reads chain 56 on the local node (and checks every second); browsers get the same node.
      command: `rm -rf .tmp/e2e-${PORT} && DATA_DIR=.tmp/e2e-${PORT} PORT=${PORT} RATE_LIMIT_SIGNIN_PER_IP=10000 RATE_LIMIT_REGISTER_PER_IP=10000 CHAIN_RPC_URL_56=${chainURL} PUBLIC_RPC_URL_56=${chainURL} CHAIN_POLL_SECONDS=1 MAIL_CATCHER_SMTP_PORT=${MAIL.smtp} MAIL_CATCHER_WEB_PORT=${MAIL.web} npm start`,
      cwd: '../..',
      url: `${baseURL}/api/v1/health/ready`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
