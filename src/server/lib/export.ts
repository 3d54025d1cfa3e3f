/**
 * List exports as CSV or XLSX (issue 7 §4): the current filters, headers and values in the
 * user's language, streamed in batches so a large list never sits in memory; cells that a
 * spreadsheet would run as a formula are neutralised (safeCell). `X-Total-Count` carries the
 * number of rows so the client can show progress while the body streams.
 */
import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Lang } from '../../shared/i18n/index.js';
import { listQuerySchema, type ListCursor, type ListQuery } from '../../shared/schemas/list.js';
import { safeCell } from './csv.js';
import {
  fetchSegments,
  keyset,
  SORT_VALUE,
  withoutSortValue,
  type KeysetRow,
  type ListSpec,
} from './list.js';

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportColumn<R> {
  header: { en: string; ne: string };
  /** the cell: text, a number, or null for empty */
  value: (row: R, lang: Lang) => string | number | null;
  /** XLSX column width in characters */
  width?: number;
}

/** Rows in batches (e.g. keyset pages of 1,000); the export stops when a batch is empty. */
export type Batches<R> = AsyncIterable<R[]>;

/**
 * The query of every list export: the list's own filters and sort (so the file holds what the
 * screen shows, in that order), the language of headers and values, and the file format.
 */
export const exportQuerySchema = listQuerySchema
  .pick({ filters: true, sortBy: true, descending: true, lang: true })
  .extend({ format: z.enum(['csv', 'xlsx']).default('csv') });
export type ExportQuery = z.output<typeof exportQuerySchema>;

let batchSize = 1000;

/** Rows per database round trip of an export (1,000 unless a test asked for fewer). */
export function exportBatchSize(): number {
  return batchSize;
}

/**
 * Sets the rows per batch. Tests use a handful so "more rows than one batch" needs only a few
 * rows; each vitest file loads its own copy of this module, so the setting stays in the file.
 */
export function setExportBatchSize(n: number): void {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`batch size ${n}`);
  batchSize = n;
}

/**
 * One batch read: the seek past the previous batch (undefined for the first; a batch may take
 * two reads, see lib/list.ts fetchSegments), ORDER BY, LIMIT,
 * and the cursor's select field to spread into the select (`{ ...cols, ...select }`). Answers
 * raw rows carrying `id` and that field.
 */
export type BatchFetch<R extends KeysetRow> = (
  seek: SQL | undefined,
  orderBy: SQL[],
  limit: number,
  select: Record<typeof SORT_VALUE, SQL | PgColumn>,
) => Promise<R[]>;

/**
 * A list's rows in batches, in the list's order, so memory stays flat however long the list.
 * Every batch is a keyset page over ORDER BY (sort column, id) — it seeks past the last row of
 * the batch before (lib/list.ts keyset), with no growing OFFSET, so batch 1,000 costs what
 * batch 1 costs, and no row repeats or is skipped while others insert. `present` turns the raw
 * rows (without the cursor field) into what the export writes.
 * The ORDER BY is built here, before any byte is sent, so an undeclared sortBy is a 400 and
 * not a broken download.
 */
export function listBatches<R extends KeysetRow, O = Omit<R, typeof SORT_VALUE>>(
  spec: ListSpec,
  sort: Pick<ListQuery, 'sortBy' | 'descending'>,
  fetch: BatchFetch<R>,
  present: (rows: Omit<R, typeof SORT_VALUE>[]) => O[] | Promise<O[]> = (rows) =>
    rows as unknown as O[],
  size = exportBatchSize(),
): Batches<O> {
  const ks = keyset(spec, sort);
  return (async function* () {
    let after: ListCursor | null = null;
    for (;;) {
      const rows = await fetchSegments(after ? ks.seek(after) : undefined, size, (seek, limit) =>
        fetch(seek, ks.orderBy, limit, ks.select),
      );
      if (rows.length) yield await present(rows.map(withoutSortValue));
      if (rows.length < size) return;
      after = ks.after(rows[rows.length - 1]);
    }
  })();
}

const MIME: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Streams `batches` to the client as `<name>.<format>`. ExcelJS is loaded with the first xlsx
 * export, not with the server (~0.37 s of CPU at every start otherwise; docs/performance.md
 * "Start-up").
 */
export async function sendExport<R>(
  reply: FastifyReply,
  opts: {
    format: ExportFormat;
    name: string;
    lang: Lang;
    columns: ExportColumn<R>[];
    batches: Batches<R>;
    total: number;
  },
) {
  const { format, lang, columns } = opts;
  const header = columns.map((c) => (lang === 'ne' ? c.header.ne : c.header.en));
  const cells = (row: R) => columns.map((c) => safeCell(c.value(row, lang)));
  reply
    .type(MIME[format])
    .header('content-disposition', `attachment; filename="${opts.name}.${format}"`)
    .header('x-total-count', String(opts.total))
    .header('cache-control', 'private, no-store');
  if (format === 'csv') {
    async function* csv() {
      // BOM: Excel reads the file as UTF-8 (Devanagari) only with it
      yield `\uFEFF${stringify([header])}`;
      for await (const batch of opts.batches) yield stringify(batch.map(cells));
    }
    return reply.send(Readable.from(csv()));
  }
  const { default: ExcelJS } = await import('exceljs');
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = book.addWorksheet(opts.name.slice(0, 31));
  sheet.columns = columns.map((c, i) => ({ header: header[i], width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    try {
      for await (const batch of opts.batches) {
        for (const row of batch) sheet.addRow(cells(row)).commit();
      }
      sheet.commit();
      await book.commit();
    } catch (e) {
      out.destroy(e as Error);
    }
  })();
  return reply.send(out);
}
