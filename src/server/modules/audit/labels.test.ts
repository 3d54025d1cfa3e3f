/**
 * Every audit action code the server writes has a label for people, in English and Nepali
 * (issue 17 §7; src/shared/audit-labels.ts). The codes are read from the server's source: the
 * literal codes of `audit(…, { action })` calls and of the payment audit helpers, and the
 * templated ones expanded from what they are built of (setup resources × verbs, lifecycle
 * actions). A new template fails here until it is taught below, so no code slips through.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditLabel, RESOURCE_VERBS } from '../../../shared/audit-labels.js';
import { translate } from '../../../shared/i18n/index.js';
import { ACTIONS, REGISTRATION_REQUESTS } from '../../../shared/lifecycle.js';
import { SETUP_RESOURCES } from '../../../shared/permissions.js';

const SERVER = path.resolve(import.meta.dirname, '../..');

/** What each templated code of the server expands to. */
const TEMPLATES: Record<string, string[]> = {
  // lifecycle.ts and submit.ts: the transition or edit that happened
  // (and requests.ts: what approving a request did to the registration, issue 19)
  'application.${action}': [...ACTIONS, 'edit', 'resubmit', 'amend', 'close', 'duplicate'].map(
    (a) => `application.${a}`,
  ),
  // requests.ts: an amendment, closure or duplicate filed
  'application.${req.service}.submit': REGISTRATION_REQUESTS.map((s) => `application.${s}.submit`),
  // resources/service.ts: create, update and update-dropdown of every setup resource
  '${def.name}.${kind}': SETUP_RESOURCES.flatMap((r) =>
    ['create', 'update', 'dropdown'].map((v) => `${r}.${v}`),
  ),
  '${def.name}.status': SETUP_RESOURCES.map((r) => `${r}.status`),
  '${def.name}.delete': SETUP_RESOURCES.map((r) => `${r}.delete`),
};

async function serverSources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await serverSources(p)));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

/** The audit codes one source file writes, and the templates it uses. */
function codesOf(src: string): { codes: string[]; templates: string[]; unread: number } {
  const codes: string[] = [];
  const templates: string[] = [];
  let read = 0;
  // inside each `audit(db, { … })` call: `action: 'x'`, `action: c ? 'x' : 'y'`, `action: \`…\``
  for (const call of src.matchAll(/\baudit\([\w.]+(?: as \w+)?,\s*\{/g)) {
    read++;
    const start = call.index + call[0].length;
    const body = src.slice(start, src.indexOf('});', start));
    const tpl = /\baction:\s*`([^`]*)`/.exec(body);
    if (tpl) templates.push(tpl[1]);
    const expr = /\baction:\s*([^,\n`]+)/.exec(body);
    if (expr) for (const lit of expr[1].matchAll(/'([a-z][a-z0-9_.-]*)'/g)) codes.push(lit[1]);
  }
  // the payment helpers take the code as an argument: log('x', …), record(tx, 'x', …)
  for (const m of src.matchAll(
    /(?:this\.log|this\.record|auditPayment)\(\s*(?:[a-zA-Z.]+,\s*)?'([a-z][a-z0-9_.-]*)'/g,
  ))
    codes.push(m[1]);
  // every call of audit( must have been read above (its shape is `audit(db, { … })`)
  const calls = [...src.matchAll(/\baudit\(/g)].length;
  return { codes, templates, unread: calls - read };
}

describe('audit labels', () => {
  it('every action code the server writes has a label in both languages', async () => {
    const files = await serverSources(SERVER);
    const found = new Set<string>();
    const unknownTemplates: string[] = [];
    for (const file of files) {
      const src = await readFile(file, 'utf8');
      if (!/\baudit(Payment)?\(|this\.log\(|this\.record\(/.test(src)) continue;
      const { codes, templates, unread } = codesOf(src);
      if (unread > 0 && !file.endsWith(path.join('lib', 'audit.ts')))
        unknownTemplates.push(`${path.relative(SERVER, file)}: ${unread} audit( call(s) not read`);
      codes.forEach((c) => found.add(c));
      for (const tpl of templates) {
        if (TEMPLATES[tpl]) TEMPLATES[tpl].forEach((c) => found.add(c));
        else unknownTemplates.push(`${path.relative(SERVER, file)}: ${tpl}`);
      }
    }
    expect(unknownTemplates, 'teach these templated codes to this test').toEqual([]);
    // the scan sees the codes we know of (a broken scan must not pass by finding nothing)
    for (const c of ['login', 'login.fail', 'payment.complete', 'fiscal-years.make-current'])
      expect(found).toContain(c);
    expect(found.size).toBeGreaterThan(60);
    expect(found).toContain('otp.send');
    const missing: string[] = [];
    for (const code of [...found].sort()) {
      const label = auditLabel(code);
      if (!label) {
        missing.push(code);
        continue;
      }
      for (const lang of ['en-US', 'ne'] as const) {
        const what = label.what ? translate(lang, label.what) : '';
        const text = translate(lang, label.key, { what });
        if (!text || text === label.key || (label.what && what === label.what))
          missing.push(`${code} (${lang})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('setup codes name the resource; unknown codes have no label', () => {
    expect(translate('en-US', 'staff.audit.verb.create', { what: 'Fiscal year' })).toBe(
      'Fiscal year created',
    );
    expect(auditLabel('fiscal-years.create')).toEqual({
      key: 'staff.audit.verb.create',
      what: 'staff.audit.entity.fiscal-years',
    });
    expect(RESOURCE_VERBS).toContain('status');
    expect(auditLabel('nothing.like.this')).toBeNull();
    expect(auditLabel('wards.explode')).toBeNull();
  });
});
