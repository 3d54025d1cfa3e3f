/**
 * Which server a test talks to. The e2e run starts one server per worker (playwright.config.ts),
 * each on its own port with its own database, SMS log and payment simulators (PORT+1901,
 * PORT+1902), so specs running at once never see each other's data or settings: worker n
 * (Playwright's TEST_PARALLEL_INDEX, 0 … workers−1) uses E2E_PORT + 10·n (E2E_PORT default
 * 3100): ten apart, so that one server's simulators never take the next one's ports.
 */

/** The first server's port: E2E_PORT, default 3100. */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

/** Worker n's server's port. */
export const serverPort = (n: number) => E2E_BASE_PORT + 10 * n;

/** This worker's server's port (the first server's outside a worker: the config, global setup). */
export const E2E_SERVER_PORT = serverPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

/** The folder of the server on `port`: its database (DATA_DIR) and its SMS log. */
export const serverDir = (port: number) => `.test-cache/e2e-${port}`;

/** Where the server on `port` writes every SMS (SMS_LOG_FILE; e2e/sms.ts reads it). */
export const smsLog = (port: number = E2E_SERVER_PORT) => `${serverDir(port)}/sms.log`;
