/**
 * Form drafts kept on the device (issue 7 §6): a react-hook-form's values are saved in
 * IndexedDB (idb-keyval) as the user types, debounced, and put back when the same form is
 * opened again: after a reload, a crash or a dropped connection. Chosen files are kept too, as
 * their bytes.
 *
 * - Keyed per user and per form (`draftKey`), so on a shared device one account never sees
 *   another's draft, and a new application never receives the values of an edit.
 * - Fields whose name looks like a secret (password, token, otp) are never written.
 * - A form still at its starting values has no draft: nothing is written, and a stored draft is
 *   deleted, so the "restored" notice never shows for an untouched form.
 * - Without IndexedDB (old browser, some private modes, jsdom) the hook does nothing.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/** Field names never stored on the device. */
const SECRET = /password|token|otp|secret/i;

/** A chosen file as stored: its bytes and what rebuilds the File. */
interface StoredFile {
  $file: 1;
  name: string;
  type: string;
  lastModified: number;
  bytes: ArrayBuffer;
}

/** One draft record: schema version, when it was saved (ms since epoch), the values. */
export interface StoredDraft {
  v: 1;
  savedAt: number;
  values: unknown;
}

/** The key of a form's draft: `draft:<user id>:<form>`, e.g. `draft:12:application:edit:7`. */
export function draftKey(userId: number, form: string): string {
  return `draft:${userId}:${form}`;
}

const isStoredFile = (v: unknown): v is StoredFile =>
  typeof v === 'object' && v !== null && (v as { $file?: unknown }).$file === 1;

/** A file's bytes; FileReader where Blob#arrayBuffer is missing (older WebViews, jsdom). */
function readBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('file not readable'));
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * Values → what IndexedDB stores. Files become their bytes (an ArrayBuffer clones everywhere,
 * while some engines refuse to store a File or Blob); secret-looking keys are dropped.
 */
export async function encodeDraft(value: unknown): Promise<unknown> {
  if (value instanceof Blob) {
    return {
      $file: 1,
      name: value instanceof File ? value.name : 'file',
      type: value.type,
      lastModified: value instanceof File ? value.lastModified : Date.now(),
      bytes: await readBytes(value),
    } satisfies StoredFile;
  }
  if (Array.isArray(value)) return Promise.all(value.map(encodeDraft));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (!SECRET.test(k)) out[k] = await encodeDraft(v);
    }
    return out;
  }
  return value;
}

/** The inverse of `encodeDraft`: stored files become File objects again. */
export function decodeDraft(value: unknown): unknown {
  if (isStoredFile(value)) {
    return new File([value.bytes], value.name, {
      type: value.type,
      lastModified: value.lastModified,
    });
  }
  if (Array.isArray(value)) return value.map(decodeDraft);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decodeDraft(v)]));
  }
  return value;
}

/**
 * A cheap identity of form values, to tell whether anything was changed: files by name, size
 * and date (their bytes are not read), secret-looking keys left out like when storing.
 */
export function fingerprint(values: unknown): string {
  return JSON.stringify(values, function (this: unknown, key, v: unknown) {
    if (key && SECRET.test(key)) return undefined;
    const raw = (this as Record<string, unknown>)[key];
    if (raw instanceof Blob) {
      return { file: raw instanceof File ? raw.name : '', size: raw.size, type: raw.type };
    }
    return v;
  });
}

let store: UseStore | null | undefined;
/** The drafts' object store, opened on first use; null where IndexedDB is missing. */
function draftStore(): UseStore | null {
  if (store === undefined) {
    try {
      store = typeof indexedDB === 'undefined' ? null : createStore('darta', 'drafts');
    } catch {
      store = null;
    }
  }
  return store;
}

/** Reads a draft; undefined when there is none or storage fails. */
export async function loadDraft(key: string): Promise<StoredDraft | undefined> {
  const s = draftStore();
  if (!s) return undefined;
  try {
    const d = await get<StoredDraft>(key, s);
    return d?.v === 1 ? d : undefined;
  } catch {
    return undefined;
  }
}

/** Writes a draft (values as the form holds them); false when storage failed (quota). */
export async function saveDraft(key: string, values: unknown): Promise<boolean> {
  const s = draftStore();
  if (!s) return false;
  try {
    const record: StoredDraft = { v: 1, savedAt: Date.now(), values: await encodeDraft(values) };
    await set(key, record, s);
    return true;
  } catch {
    return false;
  }
}

/** Deletes a draft; storage errors are ignored (nothing more can be done). */
export async function deleteDraft(key: string): Promise<void> {
  const s = draftStore();
  if (!s) return;
  try {
    await del(key, s);
  } catch {
    /* storage unavailable */
  }
}

/** What the form sees of its draft. */
export interface FormDraft {
  /** A stored draft was put into the form (until it is discarded or cleared). */
  restored: boolean;
  /** When the last save finished (ms since epoch); null before the first one. */
  savedAt: number | null;
  /** Saves at once, without waiting for the typing to pause. */
  flush: () => Promise<void>;
  /** Deletes the draft and puts the form back to its starting values. */
  discard: () => Promise<void>;
  /** Deletes the draft for good (after a successful submit); nothing is saved afterwards. */
  clear: () => Promise<void>;
  /**
   * The stored draft has been looked for (and put into the form if there was one); true at
   * once without a key or without IndexedDB. A form can wait for it before drawing its fields,
   * so that they are drawn once, with the draft, and the "restored" notice does not push them
   * down after they are on screen (issue 18 §5: layout shift, a second render of every field).
   */
  looked: boolean;
}

type DraftForm<T extends FieldValues> = Pick<UseFormReturn<T>, 'watch' | 'reset' | 'getValues'>;

/**
 * Keeps `form`'s values on the device under `key` (see `draftKey`); null turns it off (no
 * signed-in user yet). Saves `delayMs` after the last change, and on unmount.
 */
export function useFormDraft<T extends FieldValues>(
  form: DraftForm<T>,
  key: string | null,
  delayMs = 400,
): FormDraft {
  const { watch, reset, getValues } = form;
  const [restored, setRestored] = useState(false);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  /** The key whose stored draft has been looked for. */
  const [lookedKey, setLookedKey] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Saving waits until a stored draft was looked for, so it cannot overwrite it. */
  const ready = useRef(false);
  const stopped = useRef(false);
  /** The starting values' fingerprint: equal values mean "no draft". */
  const start = useRef<string | null>(null);
  /** The running lookup; a save first waits for it. */
  const lookup = useRef<Promise<void>>(Promise.resolve());

  const save = useCallback(async () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    await lookup.current;
    if (!key || !ready.current || stopped.current) return;
    const values = getValues();
    if (fingerprint(values) === start.current) {
      await deleteDraft(key);
      return;
    }
    if (await saveDraft(key, values)) setSavedAt(Date.now());
  }, [key, getValues]);

  // Look for a stored draft once per key, and put it into the form.
  useEffect(() => {
    ready.current = false;
    stopped.current = false;
    start.current = fingerprint(getValues());
    if (!key) return;
    let cancelled = false;
    lookup.current = loadDraft(key).then((draft) => {
      if (cancelled) return;
      if (draft) {
        // Merged over the current values: a field added by a newer app version keeps its
        // default instead of becoming undefined.
        const values = { ...getValues(), ...(decodeDraft(draft.values) as object) } as T;
        reset(values, { keepDefaultValues: true });
      }
      // A transition: a form that waited for this (`looked`) draws its fields in slices that
      // leave the page responsive, not in one long task.
      startTransition(() => {
        if (draft) {
          setRestored(true);
          setSavedAt(draft.savedAt);
        }
        setLookedKey(key);
      });
      ready.current = true;
      // Typed while the lookup ran (the watcher skipped it): save that now.
      if (!draft && fingerprint(getValues()) !== start.current) void save();
    });
    return () => {
      cancelled = true;
    };
  }, [key, getValues, reset, save]);

  // Save when the typing pauses; a pending save still happens when the form goes away.
  useEffect(() => {
    if (!key) return;
    const sub = watch(() => {
      if (!ready.current || stopped.current) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), delayMs);
    });
    return () => {
      sub.unsubscribe();
      if (timer.current !== undefined) void save();
    };
  }, [key, watch, save, delayMs]);

  const discard = useCallback(async () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (key) await deleteDraft(key);
    reset();
    setRestored(false);
    setSavedAt(null);
  }, [key, reset]);

  const clear = useCallback(async () => {
    stopped.current = true;
    clearTimeout(timer.current);
    timer.current = undefined;
    if (key) await deleteDraft(key);
    setRestored(false);
    setSavedAt(null);
  }, [key]);

  const looked = !key || lookedKey === key || draftStore() === null;
  return { restored, savedAt, flush: save, discard, clear, looked };
}
