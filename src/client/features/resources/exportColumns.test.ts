/**
 * The setup-data exports have the list page's columns (issue 7 §4 "every list can be
 * exported"): the server's declaration (export-columns.ts) names the same fields, labels and
 * kinds as each page's configuration, so a column added to a page is added to its file too.
 */
import { describe, expect, it } from 'vitest';
import { RESOURCE_EXPORT_COLUMNS } from '../../../shared/resource-export.js';
import { CONFIGS } from './configs';

describe('export columns follow the list columns', () => {
  it.each(Object.keys(CONFIGS))('%s', (name) => {
    const page = CONFIGS[name].columns.map((c) => [c.key, c.label, c.kind ?? 'text']);
    const file = RESOURCE_EXPORT_COLUMNS[name as keyof typeof RESOURCE_EXPORT_COLUMNS].map((c) => [
      c.key,
      c.label,
      c.kind,
    ]);
    expect(file).toEqual(page);
  });
});
