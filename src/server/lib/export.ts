/**
 * List exports as CSV or XLSX (issue 7 §4): the current filters, headers and values in the
 * user's language, streamed in batches so a large list never sits in memory; cells that a
 * spreadsheet would run as a formula are neutralised (safeCell). `X-Total-Count` carries the
 * number of rows so the client can show progress while the body streams.
 */
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import type { Lang } from '../../shared/i18n/index.js';
import { safeCell } from './csv.js';

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

const MIME: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Streams `batches` to the client as `<name>.<format>`. */
export function sendExport<R>(
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
