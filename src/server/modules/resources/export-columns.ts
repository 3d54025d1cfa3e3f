/**
 * The export columns of the generic setup-data lists (issue 7 §4): the list columns declared
 * in src/shared/resource-export.ts, then the record status (active / inactive).
 */
import { translate } from '../../../shared/i18n/index.js';
import { exportCell, RESOURCE_EXPORT_COLUMNS } from '../../../shared/resource-export.js';
import type { SetupResource } from '../../../shared/schemas/resources.js';
import type { ExportColumn } from '../../lib/export.js';

type Row = Record<string, unknown>;

const both = (key: string) => ({ en: translate('en-US', key), ne: translate('ne', key) });

/**
 * The export columns of resource `name`: its list columns, then the record status (active /
 * inactive) unless the resource is read-only (the OTP log has no status column either).
 */
export function resourceExportColumns(name: SetupResource, readOnly = false): ExportColumn<Row>[] {
  const cols: ExportColumn<Row>[] = RESOURCE_EXPORT_COLUMNS[name].map((col) => ({
    header: both(col.label),
    value: (row, lang) => exportCell(col, row, lang),
    width: col.kind === 'name' || col.key === 'email' ? 28 : 16,
  }));
  if (!readOnly) {
    cols.push({
      header: both('resource.status'),
      value: (row, lang) =>
        translate(lang, Number(row.status) === 1 ? 'resource.active' : 'resource.inactive'),
      width: 12,
    });
  }
  return cols;
}
