import { defineConfig, devices } from '@playwright/test';

/**
 * E2E through the built app in Chromium. The browser binary comes from @sparticuz/chromium
 * (unpacked by e2e/global-setup.ts) or CHROMIUM_PATH; `playwright install` is never used.
 * The server runs on a fresh embedded database in .test-cache/e2e with demo data.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The log SMS driver writes every message here; e2e/sms.ts reads the codes back. */
export const SMS_LOG = `.test-cache/e2e-${PORT}/sms.log`;

export default defineConfig({
  testDir: 'e2e',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './e2e/global-setup.ts',
  // Per port, like the database: a run on another E2E_PORT must not wipe this run's artifacts.
  outputDir: `test-results/e2e-${PORT}`,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    acceptDownloads: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/tmp/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `rm -rf .test-cache/e2e-${PORT} && DATA_DIR=.test-cache/e2e-${PORT} SMS_LOG_FILE=${SMS_LOG} OUTBOX_INTERVAL_MS=500 PUBLIC_URL=http://127.0.0.1:${PORT} PORT=${PORT} RATE_LIMIT_MAX=100000 RATE_LIMIT_OTP=1000 LOG_LEVEL=warn npm start`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
