/**
 * Issue 17 §8: every `message: '…'` text a server source answers is one the message hook
 * recognises (a catalogue key or a known reply text), so it reaches the reader in their
 * language with its key. A new English literal in a route fails here until it has a key.
 */
/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { translate } from '../../shared/i18n/index.js';
import { messageKeyOf, REPLY_MESSAGE_KEYS } from './reply-messages.js';

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('reply messages', () => {
  it('recognises every message literal of the server', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const unknown: string[] = [];
    let seen = 0;
    for (const file of sources(root)) {
      const src = fs.readFileSync(file, 'utf8');
      for (const m of src.matchAll(/\bmessage: '([^']+)'/g)) {
        seen++;
        if (!messageKeyOf(m[1])) unknown.push(`${path.relative(root, file)}: ${m[1]}`);
      }
    }
    expect(seen).toBeGreaterThan(10);
    expect(unknown).toEqual([]);
  });

  it.each(REPLY_MESSAGE_KEYS)('knows %s by its text in either language', (key) => {
    expect(messageKeyOf(translate('en-US', key))).toBe(key);
    expect(messageKeyOf(translate('ne', key))).toBe(key);
    expect(messageKeyOf(key)).toBe(key);
  });

  it('passes free text on without a key', () => {
    expect(messageKeyOf('Gateway refused: insufficient balance')).toBeNull();
    expect(messageKeyOf('common')).toBeNull();
  });
});
