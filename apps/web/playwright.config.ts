import { defineConfig } from '@playwright/test';

// E2E_PORT lets two runs on one machine use different ports and database folders.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;

/**
 * Browser tests against the real app: the API (with its embedded database, fresh for every run) serving the
 * built web app on one port, exactly as in production.
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
  webServer: {
    // Every browser test signs in and registers from 127.0.0.1: the per-address limits are raised for the run.
    command: `rm -rf .tmp/e2e-${PORT} && DATA_DIR=.tmp/e2e-${PORT} PORT=${PORT} RATE_LIMIT_SIGNIN_PER_IP=10000 RATE_LIMIT_REGISTER_PER_IP=10000 npm start`,
    cwd: '../..',
    url: `${baseURL}/api/v1/health/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
