import { describe, expect, it } from 'vitest';
import { startupBanner } from './banner.js';

describe('start-up banner', () => {
  it('prints the URL and the three demo logins in demo mode', () => {
    const text = startupBanner({ port: 3000, demo: true, databaseKind: 'pglite' });
    expect(text).toContain('http://localhost:3000');
    expect(text).toContain('Darta@2082');
    for (const u of ['admin', 'ward1', 'applicant'])
      expect(text).toMatch(new RegExp(`^  ${u}\\s`, 'm'));
  });
  it('prints no logins outside demo mode', () => {
    expect(startupBanner({ port: 8080, demo: false, databaseKind: 'postgres' })).not.toContain(
      'Darta@2082',
    );
  });
  it('in production: the public address, never the demo logins, and the create-admin hint', () => {
    const text = startupBanner({
      port: 3000,
      demo: true,
      databaseKind: 'postgres',
      production: true,
      publicUrl: 'https://darta.example.gov.np',
      needsAdmin: true,
    });
    expect(text).toContain('https://darta.example.gov.np');
    expect(text).not.toContain('Darta@2082');
    expect(text).not.toMatch(/^ {2}admin\s/m);
    expect(text).toContain('npm run create-admin');
  });
});
