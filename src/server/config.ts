/**
 * Runtime configuration from the environment (README "Configuration").
 * PORT (default 3000), HOST, DATA_DIR (PGlite directory, default ./data/pglite),
 * DATABASE_URL (PostgreSQL; when set PGlite is not used), UPLOAD_DIR (default ./data/uploads),
 * DEMO (seed demo logins; default true on PGlite, false on PostgreSQL),
 * CERT_SIGNING_KEY (HMAC key for certificate verify codes), CHROMIUM_PATH.
 * Messaging (issue 5): SMS_DRIVER (log | sparrow | aakash, default log), SMS_LOG_FILE,
 * SPARROW_TOKEN, SPARROW_FROM, SPARROW_BASE_URL, AAKASH_TOKEN, AAKASH_BASE_URL, SMTP_URL,
 * MAIL_FROM, PUBLIC_URL (links in messages), OUTBOX_INTERVAL_MS (0 disables the worker).
 * Scaling out (issue 8 §7, docs/deployment.md): STORAGE (local | s3), S3_BUCKET, S3_ENDPOINT,
 * S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE, S3_PREFIX,
 * RATE_LIMIT_STORE (database | memory), TRUST_PROXY, HOUSEKEEPING_MS, RENEWAL_REMINDERS_MS.
 * Payments (issue 6, issue 15 §3): ESEWA_FORM_URL, ESEWA_STATUS_URL, ESEWA_PRODUCT_CODE,
 * ESEWA_SECRET_KEY, KHALTI_BASE_URL, KHALTI_SECRET_KEY, GATEWAY_SIMULATORS, GATEWAY_MODE
 * (test: a production build may use test gateways), PAYMENT_RECHECK_MS.
 *
 * Safe production start (issue 16 §1): with NODE_ENV=production, loadConfig refuses — one error,
 * one line per problem, each saying what to set — DEMO=true, PUBLIC_URL unset or not https,
 * CERT_SIGNING_KEY unset or shorter than 32 characters, SMS_DRIVER=log (the default), and the
 * payment gateways' simulators or test settings. Demo logins are off by default in production,
 * on PGlite too.
 */
import path from 'node:path';
import type { MessagingConfig } from './lib/messaging.js';
import type { EsewaConfig, KhaltiConfig } from './modules/billing/index.js';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  uploadDir: string;
  demo: boolean;
  production: boolean;
  signingKey: string;
  chromiumPath: string | undefined;
  tokenIdleMinutes: number;
  logLevel: string;
  messaging: MessagingConfig;
  /** Base URL of the app in links sent to applicants. */
  publicUrl: string;
  /** How often the outbox worker looks for due messages; 0 = not started. */
  outboxIntervalMs: number;
  payments: PaymentsConfig;
  /** where uploads are kept: `uploadDir` (local) or an S3-compatible bucket */
  storage: StorageConfig;
  /**
   * where rate-limit counters live: 'database' (shared by all instances), 'memory' (this process
   * only); undefined = database on PostgreSQL, memory on PGlite (one process by nature)
   */
  rateLimitStore: 'database' | 'memory' | undefined;
  /**
   * Fastify `trustProxy`: which peers may set X-Forwarded-For/-Proto (and so the client IP the
   * rate limits count): false, true (anyone: only behind a proxy that cannot be bypassed), or a
   * comma-separated list of addresses/CIDRs or proxy-addr names (default 'loopback').
   */
  trustProxy: boolean | string;
  /** how often expired rate-limit rows and old job_runs rows are deleted (ms); 0 = never */
  housekeepingMs: number;
  /**
   * how often the renewal reminders job runs (ms; issue 19 §5); one instance per period, and
   * each reminder point is sent once whatever the period; 0 = never
   */
  renewalRemindersMs: number;
}

/** Upload storage (issue 8 §7): the local folder, or an S3-compatible bucket. */
export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      /** e.g. http://minio:9000; unset = AWS S3 of `region` */
      endpoint: string | undefined;
      region: string;
      /** both set, or both unset (the SDK's default chain: env, profile, instance role) */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      /** bucket in the path (MinIO and most S3-compatible servers) instead of the host name */
      forcePathStyle: boolean;
      /** prepended to every object key, e.g. "darta/" */
      prefix: string;
    };

/**
 * Online gateways (issue 6 §5). Outside production, with no gateway configured, the local
 * simulators (scripts/gateway-simulators.ts) are started on PORT+1901/PORT+1902 with the
 * gateways' public test credentials.
 */
export interface PaymentsConfig {
  esewa: EsewaConfig | null;
  khalti: KhaltiConfig | null;
  /** start the local simulators and point the gateways at them */
  simulate: boolean;
  /** how often pending online payments are re-checked (ms); 0 = never */
  recheckMs: number;
}

/** The signing key outside production (never accepted in production). */
const DEV_SIGNING_KEY = 'darta-dev-signing-key';
/** Shortest CERT_SIGNING_KEY production accepts (`openssl rand -base64 32` gives 44). */
export const MIN_SIGNING_KEY_LENGTH = 32;

/**
 * The configuration from `env`.
 * @throws Error listing every problem, one line each ("- …"), when a setting is invalid or, with
 *   NODE_ENV=production, unsafe (see the file comment). The first line says which.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  const base = path.resolve(env.DATA_DIR ?? 'data');
  const production = env.NODE_ENV === 'production';
  /** every problem found, reported together in one error */
  const problems: string[] = [];
  const checked = <T>(f: () => T, fallback: T): T => {
    try {
      return f();
    } catch (e) {
      problems.push((e as Error).message);
      return fallback;
    }
  };
  const port = Number(env.PORT ?? 3000);
  const config: Config = {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.join(base, 'pglite'),
    databaseUrl,
    uploadDir: path.resolve(env.UPLOAD_DIR ?? path.join(base, 'uploads')),
    demo: demoConfig(env.DEMO, databaseUrl, production, problems),
    production,
    signingKey: signingKeyConfig(env.CERT_SIGNING_KEY, production, problems),
    chromiumPath: env.CHROMIUM_PATH || undefined,
    tokenIdleMinutes: Number(env.TOKEN_IDLE_MINUTES ?? 30),
    logLevel: env.LOG_LEVEL ?? 'info',
    messaging: messagingConfig(env, production, problems),
    publicUrl: publicUrlConfig(env.PUBLIC_URL, port, production, problems),
    outboxIntervalMs: Number(env.OUTBOX_INTERVAL_MS ?? 5000),
    payments: paymentsConfig(env, production, problems),
    storage: checked(() => storageConfig(env), { kind: 'local' }),
    rateLimitStore: checked(() => rateLimitStoreConfig(env.RATE_LIMIT_STORE), undefined),
    trustProxy: checked(() => trustProxyConfig(env.TRUST_PROXY), false),
    housekeepingMs: Number(env.HOUSEKEEPING_MS ?? 60_000),
    renewalRemindersMs: Number(env.RENEWAL_REMINDERS_MS ?? 3_600_000),
  };
  if (problems.length)
    throw new Error(
      (production
        ? 'Refusing to start in production (NODE_ENV=production). Fix each line:'
        : 'Refusing to start with these settings:') +
        '\n- ' +
        problems.join('\n- '),
    );
  return config;
}

/**
 * DEMO: the demo logins (admin/ward1/applicant, password Darta@2082). Outside production they
 * default to on with PGlite and off with PostgreSQL; in production they are off, and DEMO=true
 * is refused.
 */
function demoConfig(
  v: string | undefined,
  databaseUrl: string | undefined,
  production: boolean,
  problems: string[],
): boolean {
  const asked = v === 'true' || v === '1';
  if (production) {
    if (asked)
      problems.push(
        `DEMO=${v} would create the demo logins with their published password: remove DEMO (or set DEMO=false) and create the first administrator with \`npm run create-admin\``,
      );
    return false;
  }
  return v === undefined ? !databaseUrl : asked;
}

/** CERT_SIGNING_KEY: a development key outside production; in production set and long. */
function signingKeyConfig(v: string | undefined, production: boolean, problems: string[]) {
  if (!production) return v ?? DEV_SIGNING_KEY;
  const example = 'e.g. the output of `openssl rand -base64 32`, the same on every instance';
  if (!v) problems.push(`CERT_SIGNING_KEY is not set: set it to a random secret (${example})`);
  else if (v === DEV_SIGNING_KEY)
    problems.push(`CERT_SIGNING_KEY is the development key: set a random secret (${example})`);
  else if (v.length < MIN_SIGNING_KEY_LENGTH)
    problems.push(
      `CERT_SIGNING_KEY has ${v.length} characters: set at least ${MIN_SIGNING_KEY_LENGTH} random ones (${example})`,
    );
  return v ?? '';
}

/**
 * PUBLIC_URL without a trailing slash; http://localhost:PORT outside production. In production
 * it must be set, and https: certificate QR codes, SMS links and the payment gateways' return
 * addresses use it.
 */
function publicUrlConfig(
  v: string | undefined,
  port: number,
  production: boolean,
  problems: string[],
): string {
  const url = (v || `http://localhost:${port}`).replace(/\/$/, '');
  if (!production) return url;
  const example = 'e.g. PUBLIC_URL=https://darta.example.gov.np';
  if (!v)
    problems.push(
      `PUBLIC_URL is not set: set it to the https address people open (${example}); certificate QR codes and payment return addresses use it`,
    );
  else if (!/^https:\/\/[^/\s]+/i.test(v) || !URL.canParse(v))
    problems.push(`PUBLIC_URL must be an https address, not "${v}": set ${example}`);
  return url;
}

function flag(name: string, v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw new Error(`${name} must be true or false, not "${v}"`);
}

/** STORAGE and S3_*; throws on a missing bucket, a bad endpoint or half the credentials. */
export function storageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const kind = env.STORAGE || 'local';
  if (kind === 'local') return { kind };
  if (kind !== 's3') throw new Error(`STORAGE must be local or s3, not "${kind}"`);
  const bucket = env.S3_BUCKET ?? '';
  if (!bucket) throw new Error('STORAGE=s3 needs S3_BUCKET');
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint) {
    let u: URL;
    try {
      u = new URL(endpoint);
    } catch {
      throw new Error(`S3_ENDPOINT must be a URL such as http://127.0.0.1:9000, not "${endpoint}"`);
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:')
      throw new Error(`S3_ENDPOINT must be http or https, not "${endpoint}"`);
  }
  const id = env.S3_ACCESS_KEY_ID || undefined;
  const secret = env.S3_SECRET_ACCESS_KEY || undefined;
  if (!id !== !secret)
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  return {
    kind,
    bucket,
    endpoint,
    region: env.S3_REGION || 'us-east-1',
    credentials: id && secret ? { accessKeyId: id, secretAccessKey: secret } : undefined,
    // an S3-compatible server at an address of its own usually has no bucket host names
    forcePathStyle: flag('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE, !!endpoint),
    prefix: env.S3_PREFIX ?? '',
  };
}

function rateLimitStoreConfig(v: string | undefined): Config['rateLimitStore'] {
  if (!v) return undefined;
  if (v === 'database' || v === 'memory') return v;
  throw new Error(`RATE_LIMIT_STORE must be database or memory, not "${v}"`);
}

/** TRUST_PROXY: true/false, or addresses/CIDRs/proxy-addr names; a hop count is refused. */
export function trustProxyConfig(v: string | undefined): boolean | string {
  if (v === undefined || v === '') return 'loopback';
  if (v === 'true' || v === 'false') return v === 'true';
  // Fastify trusts no peer for a bare hop count (it cannot check who sent the header).
  if (/^\d+$/.test(v))
    throw new Error('TRUST_PROXY must name the proxy addresses (e.g. 10.0.0.5), not a hop count');
  return v;
}

/** SMS_DRIVER and its settings, SMTP; production refuses the log driver (codes in the log). */
function messagingConfig(
  env: NodeJS.ProcessEnv,
  production: boolean,
  problems: string[],
): MessagingConfig {
  const real =
    'set SMS_DRIVER=sparrow with SPARROW_TOKEN and SPARROW_FROM, or SMS_DRIVER=aakash with AAKASH_TOKEN';
  let driver = env.SMS_DRIVER || 'log';
  if (driver !== 'log' && driver !== 'sparrow' && driver !== 'aakash') {
    problems.push(`SMS_DRIVER must be log, sparrow or aakash, not "${driver}"`);
    driver = 'log';
  } else if (production && driver === 'log')
    problems.push(
      `SMS_DRIVER is log${env.SMS_DRIVER ? '' : ' (the default)'}, which writes sign-up and password codes to the server log instead of sending them: ${real}`,
    );
  const c: MessagingConfig = {
    smsDriver: driver as MessagingConfig['smsDriver'],
    smsLogFile: env.SMS_LOG_FILE || undefined,
    sparrow: {
      baseUrl: env.SPARROW_BASE_URL ?? 'https://api.sparrowsms.com',
      token: env.SPARROW_TOKEN ?? '',
      from: env.SPARROW_FROM ?? '',
    },
    aakash: {
      baseUrl: env.AAKASH_BASE_URL ?? 'https://sms.aakashsms.com',
      token: env.AAKASH_TOKEN ?? '',
    },
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Darta <no-reply@darta.local>',
  };
  if (driver === 'sparrow' && (!c.sparrow.token || !c.sparrow.from))
    problems.push(
      'SMS_DRIVER=sparrow needs SPARROW_TOKEN and SPARROW_FROM: set both from your Sparrow SMS account',
    );
  if (driver === 'aakash' && !c.aakash.token)
    problems.push('SMS_DRIVER=aakash needs AAKASH_TOKEN: set it from your Aakash SMS account');
  return c;
}

/** True for loopback and private-network hosts, where no real gateway lives. */
export function isLocalHost(url: string): boolean {
  const host = new URL(url).hostname;
  return (
    host === 'localhost' ||
    host === '::1' ||
    host === '[::1]' ||
    /^127\./.test(host) ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host)
  );
}

/** eSewa's published UAT secret key (developer.esewa.com.np "Epay-V2": "For UAT, SecretKey will be 8gBm/:&EnhH.1/q"). */
export const ESEWA_TEST_SECRET_KEY = '8gBm/:&EnhH.1/q';
/** eSewa's published UAT merchant (product) code. */
export const ESEWA_TEST_PRODUCT_CODE = 'EPAYTEST';
/** The key the local Khalti simulator accepts (scripts/gateway-simulators.ts KHALTI_TEST). */
const KHALTI_SIMULATOR_KEY = 'test_secret_key_darta_simulator';

/**
 * The gateways' published test and sandbox hosts: eSewa's UAT form (rc-epay.esewa.com.np) and
 * status check (rc.esewa.com.np, older uat.esewa.com.np); Khalti's sandbox API (a.khalti.com,
 * "API Endpoints" of docs.khalti.com/khalti-epayment; dev.khalti.com) and payment pages
 * (test-pay.khalti.com, test-admin.khalti.com).
 */
const TEST_GATEWAY_HOSTS = new Set([
  'rc-epay.esewa.com.np',
  'rc.esewa.com.np',
  'uat.esewa.com.np',
  'a.khalti.com',
  'dev.khalti.com',
  'test-pay.khalti.com',
  'test-admin.khalti.com',
]);

/** True for a gateway test or sandbox host: the published ones, and any "uat", "rc-", "test-", "sandbox" host. */
export function isTestGatewayHost(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return (
    TEST_GATEWAY_HOSTS.has(host) ||
    host.includes('uat') ||
    host.includes('rc-') ||
    host.includes('sandbox') ||
    /(^|\.)(test|dev)[.-]/.test(host)
  );
}

/**
 * Online payments from ESEWA_*, KHALTI_*, GATEWAY_SIMULATORS and GATEWAY_MODE. Outside
 * production missing settings fall back to the simulators or the gateways' test hosts. In
 * production (NODE_ENV=production) nothing falls back and the server refuses to start — each
 * problem is added to `allProblems`, which loadConfig reports in one error — with the
 * simulators, a test or sandbox host, eSewa's test product code or secret key, or the
 * simulator's Khalti key, unless GATEWAY_MODE=test says on purpose that this production build
 * talks to test gateways (issue 15 §3).
 */
function paymentsConfig(
  env: NodeJS.ProcessEnv,
  production: boolean,
  allProblems: string[],
): PaymentsConfig {
  const mode = env.GATEWAY_MODE || undefined;
  if (mode !== undefined && mode !== 'test' && mode !== 'live')
    allProblems.push(`GATEWAY_MODE must be test or live, not "${mode}"`);
  // production with live gateways: every setting explicit, no test value anywhere
  const live = production && mode !== 'test';
  if (production && mode === 'test')
    console.warn('GATEWAY_MODE=test in production: payment gateway test settings are allowed');
  const configured = !!(env.ESEWA_SECRET_KEY || env.KHALTI_SECRET_KEY);
  const simulate =
    env.GATEWAY_SIMULATORS !== undefined
      ? env.GATEWAY_SIMULATORS === '1'
      : !production && !configured;
  const problems: string[] = [];
  if (live && simulate)
    problems.push(
      'GATEWAY_SIMULATORS: the gateway simulators cannot run in production: remove GATEWAY_SIMULATORS (GATEWAY_MODE=test allows them on a test server)',
    );
  // (in live production the simulators are refused above, so a gateway is set up by its key)
  const sims = simulate && !live;
  const port = Number(env.PORT ?? 3000);
  const esewaSim = `http://127.0.0.1:${Number(env.ESEWA_SIM_PORT ?? port + 1901)}`;
  const khaltiSim = `http://127.0.0.1:${Number(env.KHALTI_SIM_PORT ?? port + 1902)}`;
  /** env[name], or in live production a problem (and '') when it is not set */
  const required = (name: string, fallback: string, example: string) => {
    const v = env[name];
    if (v) return v;
    if (live) {
      problems.push(`${name} must be set in production (e.g. ${example})`);
      return '';
    }
    return fallback;
  };
  const esewa: EsewaConfig | null =
    sims || env.ESEWA_SECRET_KEY
      ? {
          formUrl: required(
            'ESEWA_FORM_URL',
            sims ? esewaSim : 'https://rc-epay.esewa.com.np',
            'https://epay.esewa.com.np',
          ),
          statusUrl: required(
            'ESEWA_STATUS_URL',
            sims ? esewaSim : 'https://rc.esewa.com.np',
            'https://epay.esewa.com.np',
          ),
          productCode: required(
            'ESEWA_PRODUCT_CODE',
            ESEWA_TEST_PRODUCT_CODE,
            'the merchant code eSewa gave you',
          ),
          secretKey: required(
            'ESEWA_SECRET_KEY',
            ESEWA_TEST_SECRET_KEY,
            'the secret key eSewa gave you',
          ),
        }
      : null;
  const khalti: KhaltiConfig | null =
    sims || env.KHALTI_SECRET_KEY
      ? {
          baseUrl: required(
            'KHALTI_BASE_URL',
            sims ? khaltiSim : 'https://dev.khalti.com/api/v2',
            'https://khalti.com/api/v2',
          ),
          secretKey: required('KHALTI_SECRET_KEY', KHALTI_SIMULATOR_KEY, 'your live secret key'),
        }
      : null;
  if (live) {
    const orTest = 'or GATEWAY_MODE=test to use test gateways on purpose';
    const urls: [string, string | undefined, string][] = [
      ['ESEWA_FORM_URL', esewa?.formUrl, 'https://epay.esewa.com.np'],
      ['ESEWA_STATUS_URL', esewa?.statusUrl, 'https://epay.esewa.com.np'],
      ['KHALTI_BASE_URL', khalti?.baseUrl, 'https://khalti.com/api/v2'],
    ];
    for (const [name, url, example] of urls) {
      if (!url) continue;
      const fix = `set the live address, e.g. ${name}=${example}`;
      let local: boolean;
      let test: boolean;
      try {
        local = isLocalHost(url);
        test = isTestGatewayHost(url);
      } catch {
        problems.push(`${name} is not a URL: "${url}": ${fix}`);
        continue;
      }
      if (local) problems.push(`${name} points at a local simulator in production: ${url}: ${fix}`);
      else if (test)
        problems.push(`${name} points at a test or sandbox host: ${url}: ${fix}, ${orTest}`);
    }
    if (esewa?.productCode.toUpperCase() === ESEWA_TEST_PRODUCT_CODE)
      problems.push(
        `ESEWA_PRODUCT_CODE is eSewa's test code ${ESEWA_TEST_PRODUCT_CODE}: set the merchant code eSewa gave you, ${orTest}`,
      );
    if (esewa?.secretKey === ESEWA_TEST_SECRET_KEY)
      problems.push(
        `ESEWA_SECRET_KEY is eSewa's published test key: set the secret key eSewa gave you, ${orTest}`,
      );
    if (khalti?.secretKey === KHALTI_SIMULATOR_KEY)
      problems.push(
        `KHALTI_SECRET_KEY is the local simulator's key: set your live secret key from Khalti, ${orTest}`,
      );
  }
  allProblems.push(...problems);
  return { esewa, khalti, simulate, recheckMs: Number(env.PAYMENT_RECHECK_MS ?? 60_000) };
}
