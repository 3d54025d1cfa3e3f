import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration (README "Configuration")', () => {
  it('defaults: port 3000, PGlite under ./data, demo logins on', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/data[/\\]pglite$/);
    expect(c.uploadDir).toMatch(/data[/\\]uploads$/);
    expect(c.demo).toBe(true);
  });
  it('DATABASE_URL switches to PostgreSQL and turns demo logins off unless DEMO says so', () => {
    const url = 'postgres://u:p@127.0.0.1:5432/darta';
    expect(loadConfig({ DATABASE_URL: url })).toMatchObject({ databaseUrl: url, demo: false });
    expect(loadConfig({ DATABASE_URL: url, DEMO: 'true' }).demo).toBe(true);
    expect(loadConfig({ PORT: '8080', DATA_DIR: '/srv/darta' })).toMatchObject({
      port: 8080,
      dataDir: '/srv/darta/pglite',
    });
  });
  it('production requires a certificate signing key', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/CERT_SIGNING_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', CERT_SIGNING_KEY: 'k' }).signingKey).toBe('k');
  });

  it('payments: simulators outside production; production refuses them and local gateway URLs', () => {
    const dev = loadConfig({ PORT: '3100' });
    expect(dev.payments.simulate).toBe(true);
    expect(dev.payments.esewa).toMatchObject({
      formUrl: 'http://127.0.0.1:5001',
      productCode: 'EPAYTEST',
    });
    expect(dev.payments.khalti?.baseUrl).toBe('http://127.0.0.1:5002');
    const prod = { NODE_ENV: 'production', CERT_SIGNING_KEY: 'k' };
    // no gateway configured in production: online payment is simply not offered
    const plain = loadConfig(prod);
    expect(plain.payments).toMatchObject({ simulate: false, esewa: null, khalti: null });
    const real = loadConfig({ ...prod, ESEWA_SECRET_KEY: 's', ESEWA_PRODUCT_CODE: 'NP-ES-X' });
    expect(real.payments.esewa?.formUrl).toBe('https://rc-epay.esewa.com.np');
    expect(() => loadConfig({ ...prod, GATEWAY_SIMULATORS: '1' })).toThrow(/simulators/);
    expect(() =>
      loadConfig({ ...prod, KHALTI_SECRET_KEY: 's', KHALTI_BASE_URL: 'http://127.0.0.1:4902' }),
    ).toThrow(/local simulator/);
    expect(() =>
      loadConfig({ ...prod, ESEWA_SECRET_KEY: 's', ESEWA_FORM_URL: 'http://192.168.1.5:4901' }),
    ).toThrow(/local simulator/);
  });

  it('messaging: the log driver by default; a real driver needs its credentials', () => {
    expect(loadConfig({}).messaging.smsDriver).toBe('log');
    expect(() => loadConfig({ SMS_DRIVER: 'sparrow' })).toThrow(/SPARROW_TOKEN/);
    expect(() => loadConfig({ SMS_DRIVER: 'aakash' })).toThrow(/AAKASH_TOKEN/);
    expect(() => loadConfig({ SMS_DRIVER: 'pigeon' })).toThrow(/SMS_DRIVER/);
    expect(loadConfig({ SMS_DRIVER: 'aakash', AAKASH_TOKEN: 't' }).messaging.aakash.token).toBe(
      't',
    );
  });
});

describe('scaling-out settings (docs/deployment.md)', () => {
  it('STORAGE: local by default; s3 needs a bucket, a URL endpoint and both keys or none', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
    expect(
      loadConfig({
        STORAGE: 's3',
        S3_BUCKET: 'darta',
        S3_ENDPOINT: 'http://10.0.0.20:9000',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PREFIX: 'darta/',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'darta',
      endpoint: 'http://10.0.0.20:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
      prefix: 'darta/',
    });
    // AWS itself: virtual-host style, the SDK's own credential chain
    expect(
      loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_REGION: 'ap-south-1' }).storage,
    ).toMatchObject({ region: 'ap-south-1', forcePathStyle: false, credentials: undefined });
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow(/STORAGE must be local or s3/);
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT/,
    );
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /together/,
    );
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });

  it('TRUST_PROXY: loopback by default, addresses or true/false, never a hop count', () => {
    expect(loadConfig({}).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.10, 10.0.1.0/24' }).trustProxy).toBe(
      '10.0.0.10, 10.0.1.0/24',
    );
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/hop count/);
  });

  it('RATE_LIMIT_STORE: unset (chosen by database kind), database or memory', () => {
    expect(loadConfig({}).rateLimitStore).toBeUndefined();
    expect(loadConfig({ RATE_LIMIT_STORE: 'memory' }).rateLimitStore).toBe('memory');
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow(/RATE_LIMIT_STORE/);
  });
});
