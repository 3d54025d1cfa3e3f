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
