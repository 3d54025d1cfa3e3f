/**
 * Content-Disposition headers that work for any file name (RFC 6266 with RFC 8187 `filename*`):
 * a registration number typed in Devanagari (`४५६/०७५-७६`) or a Nepali business name becomes a
 * UTF-8 `filename*`, with an ASCII `filename` beside it for old clients. Built by the
 * `content-disposition` package (jshttp), which quotes and encodes by the RFCs.
 */
import { create } from 'content-disposition';
import { toLatinDigits } from '../../shared/format.js';

/** An ASCII stand-in for `name`: digits made Latin, anything else outside [A-Za-z0-9._-] a '-'. */
export function asciiFileName(name: string): string {
  return toLatinDigits(name).replace(/[^A-Za-z0-9._-]+/g, '-');
}

/** `attachment` (or `inline`) with `name` as filename* and its ASCII stand-in as filename. */
export function contentDisposition(name: string, type: 'attachment' | 'inline' = 'attachment') {
  // a path separator or a character Windows refuses in a file name becomes '-' (15/2082-83)
  const safe = name.replace(/[/\\:*?"<>|]+/g, '-');
  const fallback = asciiFileName(safe);
  return create(safe, { type, fallback: fallback === safe ? true : fallback });
}
