/**
 * Glue between react-hook-form and the API: server validation errors (422
 * `{errors: {field: [text]}}`, SPEC §5/§8) are shown on the form's fields.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/**
 * Puts each server field error on its field. Returns true if at least one field known to the
 * form got an error (otherwise the toast is the only report).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let any = false;
  for (const [field, messages] of Object.entries(error.errors)) {
    if (!fields.includes(field) || !messages?.length) continue;
    setError(field as Path<T>, { type: 'server', message: messages[0] }, { shouldFocus: !any });
    any = true;
  }
  return any;
}

/** Maximum upload size (DESIGN.md §8): 5 MiB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,application/pdf';
const UPLOAD_TYPES = UPLOAD_ACCEPT.split(',');

/** Client-side file check; returns the catalogue key of the problem or null. */
export function checkUpload(file: File | null | undefined): string | null {
  if (!file) return null;
  if (file.size > MAX_UPLOAD_BYTES) return 'errors.fileTooLarge';
  if (file.type && !UPLOAD_TYPES.includes(file.type)) return 'errors.fileType';
  return null;
}
