/**
 * Runtime configuration from the environment (README "Configuration").
 * PORT (default 3000), HOST, DATA_DIR (PGlite directory, default ./data/pglite),
 * DATABASE_URL (PostgreSQL; when set PGlite is not used), UPLOAD_DIR (default ./data/uploads),
 * DEMO (seed demo logins; default true on PGlite, false on PostgreSQL),
 * CERT_SIGNING_KEY (HMAC key for certificate verify codes), CHROMIUM_PATH.
 */
import path from 'node:path';

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
    tokenIdleMinutes: Number(env.TOKEN_IDLE_MINUTES ?? 120),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
