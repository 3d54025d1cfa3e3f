import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_PORT, E2E_SERVER_PORT, serverDir, serverPort, smsLog } from './e2e/port';

/**
 * E2E through the built app in Chromium. The browser binary comes from @sparticuz/chromium
 * (unpacked by e2e/global-setup.ts) or CHROMIUM_PATH; `playwright install` is never used.
 *
 * E2E_WORKERS workers (default 2, CI's machine's CPUs: 23.6 → 18.1 min; Chromium then keeps
 * both busy, so more would only share them) run spec files at once, and each has a server of its own (e2e/port.ts): port
 * E2E_PORT + 10·n, a fresh embedded database with demo data in .test-cache/e2e-<port>, its own SMS
 * log and payment simulators. A spec that changes the palika's settings or the calendar then
 * cannot change what another spec running beside it sees.
 */
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
/** Worker n's server (`npm start`: the client is already built by `npm run test:e2e`). */
function server(n: number) {
  const port = serverPort(n);
  const dir = serverDir(port);
  return {
    command: `rm -rf ${dir} && DATA_DIR=${dir} SMS_LOG_FILE=${smsLog(port)} OUTBOX_INTERVAL_MS=500 PUBLIC_URL=http://127.0.0.1:${port} PORT=${port} RATE_LIMIT_MAX=100000 RATE_LIMIT_OTP=1000 LOG_LEVEL=warn npm start`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: 'e2e',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // files at once, the tests of one file in order (a11y's and the screenshots' specs share a
  // seeded state between their tests)
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './e2e/global-setup.ts',
  // Per port, like the database: a run on another E2E_PORT must not wipe this run's artifacts.
  outputDir: `test-results/e2e-${E2E_BASE_PORT}`,
  use: {
    baseURL: `http://127.0.0.1:${E2E_SERVER_PORT}`,
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
  webServer: Array.from({ length: WORKERS }, (_, n) => server(n)),
});
