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
 * RATE_LIMIT_STORE (database | memory), TRUST_PROXY, HOUSEKEEPING_MS.
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  const base = path.resolve(env.DATA_DIR ?? 'data');
  const demoEnv = env.DEMO;
  const production = env.NODE_ENV === 'production';
  const signingKey = env.CERT_SIGNING_KEY ?? (production ? '' : 'darta-dev-signing-key');
  if (!signingKey) throw new Error('CERT_SIGNING_KEY must be set in production');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.join(base, 'pglite'),
    databaseUrl,
    uploadDir: path.resolve(env.UPLOAD_DIR ?? path.join(base, 'uploads')),
    demo: demoEnv === undefined ? !databaseUrl : demoEnv === 'true' || demoEnv === '1',
    production,
    signingKey,
    chromiumPath: env.CHROMIUM_PATH || undefined,
    tokenIdleMinutes: Number(env.TOKEN_IDLE_MINUTES ?? 30),
    logLevel: env.LOG_LEVEL ?? 'info',
    messaging: messagingConfig(env, production),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/$/, ''),
    outboxIntervalMs: Number(env.OUTBOX_INTERVAL_MS ?? 5000),
    payments: paymentsConfig(env, production),
    storage: storageConfig(env),
    rateLimitStore: rateLimitStoreConfig(env.RATE_LIMIT_STORE),
    trustProxy: trustProxyConfig(env.TRUST_PROXY),
    housekeepingMs: Number(env.HOUSEKEEPING_MS ?? 60_000),
  };
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

function messagingConfig(env: NodeJS.ProcessEnv, production: boolean): MessagingConfig {
  const driver = env.SMS_DRIVER ?? 'log';
  if (driver !== 'log' && driver !== 'sparrow' && driver !== 'aakash')
    throw new Error(`SMS_DRIVER must be log, sparrow or aakash, not "${driver}"`);
  const c: MessagingConfig = {
    smsDriver: driver,
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
    throw new Error('SMS_DRIVER=sparrow needs SPARROW_TOKEN and SPARROW_FROM');
  if (driver === 'aakash' && !c.aakash.token)
    throw new Error('SMS_DRIVER=aakash needs AAKASH_TOKEN');
  if (production && driver === 'log')
    console.warn('SMS_DRIVER=log in production: SMS messages are only written to the log');
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

function paymentsConfig(env: NodeJS.ProcessEnv, production: boolean): PaymentsConfig {
  const configured = !!(env.ESEWA_SECRET_KEY || env.KHALTI_SECRET_KEY);
  const simulate =
    env.GATEWAY_SIMULATORS !== undefined
      ? env.GATEWAY_SIMULATORS === '1'
      : !production && !configured;
  if (production && simulate) throw new Error('The gateway simulators cannot run in production');
  const port = Number(env.PORT ?? 3000);
  const esewaSim = `http://127.0.0.1:${Number(env.ESEWA_SIM_PORT ?? port + 1901)}`;
  const khaltiSim = `http://127.0.0.1:${Number(env.KHALTI_SIM_PORT ?? port + 1902)}`;
  const esewa: EsewaConfig | null =
    simulate || env.ESEWA_SECRET_KEY
      ? {
          formUrl: env.ESEWA_FORM_URL ?? (simulate ? esewaSim : 'https://rc-epay.esewa.com.np'),
          statusUrl: env.ESEWA_STATUS_URL ?? (simulate ? esewaSim : 'https://rc.esewa.com.np'),
          productCode: env.ESEWA_PRODUCT_CODE ?? 'EPAYTEST',
          secretKey: env.ESEWA_SECRET_KEY ?? '8gBm/:&EnhH.1/q',
        }
      : null;
  const khalti: KhaltiConfig | null =
    simulate || env.KHALTI_SECRET_KEY
      ? {
          baseUrl: env.KHALTI_BASE_URL ?? (simulate ? khaltiSim : 'https://dev.khalti.com/api/v2'),
          secretKey: env.KHALTI_SECRET_KEY ?? 'test_secret_key_darta_simulator',
        }
      : null;
  if (production) {
    for (const url of [esewa?.formUrl, esewa?.statusUrl, khalti?.baseUrl]) {
      if (url && isLocalHost(url))
        throw new Error(`A payment gateway URL points at a local simulator in production: ${url}`);
    }
  }
  return { esewa, khalti, simulate, recheckMs: Number(env.PAYMENT_RECHECK_MS ?? 60_000) };
}
