/**
 * The catalogue is complete in both languages, and every translation key the client uses
 * exists (a missing key would show the raw key to the user).
 */
/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { leafKeys, resources, translate } from '../../shared/i18n/index.js';
import { ACTIONS, STATUSES } from '../../shared/lifecycle.js';
import { ROLES } from '../../shared/permissions.js';

const en = resources['en-US'];
const ne = resources.ne;
const enKeys = leafKeys(en);
const neKeys = leafKeys(ne);

function lookup(obj: object, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (n, k) => (n && typeof n === 'object' ? (n as Record<string, unknown>)[k] : undefined),
      obj,
    );
}

function clientSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return clientSources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('translation catalogue', () => {
  it('has every en-US key non-empty in ne', () => {
    const missing = enKeys.filter((k) => {
      const v = lookup(ne, k);
      return typeof v !== 'string' || v.trim() === '';
    });
    expect(missing).toEqual([]);
  });

  it('has every ne key non-empty in en-US', () => {
    const missing = neKeys.filter((k) => {
      const v = lookup(en, k);
      return typeof v !== 'string' || v.trim() === '';
    });
    expect(missing).toEqual([]);
  });

  it('uses the same {{placeholders}} in both languages', () => {
    const vars = (s: unknown) => [...String(s).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const differing = enKeys.filter(
      (k) => JSON.stringify(vars(lookup(en, k))) !== JSON.stringify(vars(lookup(ne, k))),
    );
    expect(differing).toEqual([]);
  });

  it('writes Nepali in Devanagari', () => {
    // Keys whose Nepali text may legitimately be Latin-only (none today).
    const latinOnly = neKeys.filter((k) => !/[\u0900-\u097F]/.test(String(lookup(ne, k))));
    expect(latinOnly).toEqual([]);
  });

  it('keeps the SPEC §5/§8 texts verbatim in English', () => {
    expect(translate('en-US', 'validation.required')).toBe('This filed is required');
    expect(translate('en-US', 'validation.numeric')).toBe('This filed should be numbe only');
    expect(translate('en-US', 'submitted.title')).toBe('Application Successfully Submitted!');
    expect(translate('en-US', 'common.areYouSure')).toBe('Are you sure?');
    expect(translate('en-US', 'form.uploadFirst')).toBe('Please upload photos first');
  });

  it('contains every t() key literal used in src/client', () => {
    // vitest provides __dirname in test modules (import.meta.url is not a file: URL under jsdom).
    const root = path.resolve(__dirname, '..');
    const used = new Set<string>();
    for (const file of clientSources(root)) {
      const src = fs.readFileSync(file, 'utf8');
      // t('a.b'), tNe('a.b'), i18n.t('a.b') — literal keys only; template keys are checked below.
      for (const m of src.matchAll(/\bt(?:Ne|En)?\(\s*['"]([A-Za-z0-9_.]+)['"]/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(100);
    const missing = [...used].filter((k) => typeof lookup(en, k) !== 'string');
    expect(missing).toEqual([]);
  });

  it('has the keys built from data (statuses, actions, roles, bill lines)', () => {
    const keys = [
      ...STATUSES.map((s) => `status.${s}`),
      // the dashboard has no card of cancelled applications or closed registrations
      ...STATUSES.filter((s) => s !== 'cancelled' && s !== 'closed').map((s) => `dashboard.${s}`),
      ...ACTIONS.map((a) => `actions.${a}`),
      ...['reject', 'cancel', 'terminate'].map((a) => `actions.confirm.${a}`),
      ...ACTIONS.filter((a) => a !== 'pay').map((a) => `actions.help.${a}`),
      ...ROLES.map((r) => `roles.${r}`),
      ...['businessTax', 'fine', 'rentTax', 'adminCost', 'serviceFee', 'discount'].map(
        (k) => `bill.${k}`,
      ),
      ...['male', 'female'].map((g) => `gender.${g}`),
      ...['counter', 'bank'].map((c) => `payment.${c}`),
    ];
    const missing = keys.filter((k) => typeof lookup(en, k) !== 'string');
    expect(missing).toEqual([]);
  });
});
