/**
 * "Export" for every list (issue 7 §4): a menu of CSV and XLSX that downloads the list with
 * the filters (and sort) the page shows, in the user's language. The server streams the file
 * and says in `X-Total-Count` how many rows it holds; this reads the body chunk by chunk and
 * shows the progress inline, with a cancel button, then saves the file under the name the
 * server gave (Content-Disposition).
 *
 * Progress: for CSV the rows received (newlines) against X-Total-Count, for XLSX (a zip,
 * whose rows cannot be counted on the way) the bytes received with a moving bar.
 */
import { Button, CloseButton, Group, Menu, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, requestResponse, saveBlob, type Query } from '../lib/api';
import { currentLang } from '../lib/i18n';
import { useFormat } from '../lib/useFormat';
import { LazyMenu } from './LazyMenu';

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportButtonProps {
  /** API path of the export, e.g. '/applications/export' (without /api). */
  path: string;
  /** The list's current query: `filters` (object, sent as JSON), sortBy, other parameters. */
  query?: Query;
  /** File name (without extension) when the server names none. */
  fallbackName?: string;
  disabled?: boolean;
}

interface Running {
  format: ExportFormat;
  /** rows received so far (CSV) */
  rows: number;
  bytes: number;
  /** rows in the file (X-Total-Count), null when the server did not say */
  total: number | null;
}

/** The file name of a Content-Disposition header (`filename="a.csv"` or RFC 5987 `filename*`). */
export function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* the plain filename below */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

const NEWLINE = 0x0a;

/** Newline bytes in a chunk: one per CSV row (a quoted newline inside a cell is rare). */
function countRows(chunk: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < chunk.length; i++) if (chunk[i] === NEWLINE) n++;
  return n;
}

/** Bytes as "12.3 KB" / "1.2 MB" with the language's digits. */
function sizeText(bytes: number, num: (n: number) => string): string {
  if (bytes < 1024) return `${num(bytes)} B`;
  if (bytes < 1024 * 1024) return `${num(Math.round(bytes / 102.4) / 10)} KB`;
  return `${num(Math.round(bytes / (1024 * 102.4)) / 10)} MB`;
}

export function ExportButton({ path, query, fallbackName, disabled }: ExportButtonProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const [running, setRunning] = useState<Running | null>(null);
  const abort = useRef<AbortController | null>(null);

  // leaving the page stops the download
  useEffect(() => () => abort.current?.abort(), []);

  async function run(format: ExportFormat) {
    const ctrl = new AbortController();
    abort.current = ctrl;
    setRunning({ format, rows: 0, bytes: 0, total: null });
    try {
      const res = await requestResponse(path, {
        query: { ...query, format, lang: currentLang() },
        signal: ctrl.signal,
        silent: true,
      });
      const header = res.headers.get('X-Total-Count');
      const total = header !== null && /^\d+$/.test(header) ? Number(header) : null;
      const chunks: BlobPart[] = [];
      let rows = 0;
      let bytes = 0;
      if (res.body) {
        const reader = res.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          chunks.push(value);
          bytes += value.byteLength;
          if (format === 'csv') rows += countRows(value);
          // the first newline ends the header row
          const dataRows = Math.max(0, rows - 1);
          setRunning({
            format,
            rows: total === null ? dataRows : Math.min(dataRows, total),
            bytes,
            total,
          });
        }
      } else {
        chunks.push(await res.arrayBuffer());
      }
      const type = res.headers.get('Content-Type') ?? 'application/octet-stream';
      const name = filenameOf(
        res.headers.get('Content-Disposition'),
        `${fallbackName ?? 'export'}.${format}`,
      );
      saveBlob(new Blob(chunks, { type }), name);
      notifications.show({ color: 'green', message: t('export.done', { name }) });
    } catch (e) {
      if (ctrl.signal.aborted || (e instanceof DOMException && e.name === 'AbortError')) {
        notifications.show({ color: 'gray', message: t('export.cancelled') });
      } else {
        const detail = e instanceof ApiError && e.message ? e.message : undefined;
        notifications.show({
          color: 'red',
          title: t('export.failed'),
          message: detail ?? t('errors.actionFailed'),
        });
      }
    } finally {
      if (abort.current === ctrl) abort.current = null;
      setRunning(null);
    }
  }

  if (running) {
    const pct =
      running.format === 'csv' && running.total ? (running.rows / running.total) * 100 : null;
    const label =
      running.bytes === 0
        ? t('export.preparing')
        : running.format === 'csv' && running.total !== null
          ? t('export.progressRows', { done: f.num(running.rows), total: f.num(running.total) })
          : t('export.progressBytes', { size: sizeText(running.bytes, f.num) });
    return (
      <Group gap="xs" wrap="nowrap" role="status" aria-live="polite">
        <Stack gap={2} miw={150}>
          <Progress
            value={pct ?? 100}
            animated={pct === null}
            striped={pct === null}
            aria-label={t('export.titleOf', { name: running.format.toUpperCase() })}
          />
          <Text size="xs" c="dimmed">
            {pct !== null ? `${f.num(Math.floor(pct))}% · ` : ''}
            {label}
          </Text>
        </Stack>
        <CloseButton
          size="sm"
          aria-label={t('export.cancel')}
          title={t('export.cancel')}
          onClick={() => abort.current?.abort()}
        />
      </Group>
    );
  }

  return (
    <LazyMenu
      position="bottom-end"
      withinPortal
      target={
        <Button variant="default" disabled={disabled}>
          {t('export.button')}
        </Button>
      }
    >
      <Menu.Dropdown>
        <Menu.Label>{t('export.menuLabel')}</Menu.Label>
        <Menu.Item onClick={() => void run('csv')}>{t('export.csv')}</Menu.Item>
        <Menu.Item onClick={() => void run('xlsx')}>{t('export.xlsx')}</Menu.Item>
      </Menu.Dropdown>
    </LazyMenu>
  );
}
