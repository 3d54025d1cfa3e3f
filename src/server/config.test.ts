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
});
