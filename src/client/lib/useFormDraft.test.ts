/**
 * Form drafts on the device (issue 7 §6) against fake-indexeddb: values and chosen files are
 * saved as the user types and come back in a new form (a reload), per user and per form; an
 * untouched form leaves no draft; discard and clear delete it; secrets are never written.
 */
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  decodeDraft,
  draftKey,
  encodeDraft,
  fingerprint,
  loadDraft,
  saveDraft,
  useFormDraft,
} from './useFormDraft';

interface Values {
  businessName: string;
  hasRent: boolean;
  owners: { name: string }[];
  docs: Record<string, File | null>;
}

const empty = (): Values => ({ businessName: '', hasRent: false, owners: [], docs: {} });

/** A form with its draft, as ApplicationForm wires them. */
function useDraftedForm(key: string | null, defaults: Values = empty()) {
  const form = useForm<Values>({ defaultValues: defaults });
  const draft = useFormDraft(form, key, 10);
  return { form, draft };
}

const photo = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], 'photo.jpg', {
    type: 'image/jpeg',
    lastModified: 1_700_000_000_000,
  });

/** A file's bytes (jsdom's File has no arrayBuffer()). */
const bytes = (file: File) =>
  new Promise<ArrayBuffer>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.readAsArrayBuffer(file);
  });

describe('encodeDraft / decodeDraft', () => {
  it('keeps files as their bytes and rebuilds them, and never keeps secrets', async () => {
    const stored = await encodeDraft({
      name: 'Sita',
      password: 'Darta@2082',
      nested: { accessToken: 'abc', otp: '123456', ok: 1 },
      docs: { photo: photo(), none: null },
      list: [photo()],
    });
    expect(JSON.stringify(stored)).not.toMatch(/Darta@2082|abc|123456/);
    const back = decodeDraft(stored) as {
      name: string;
      nested: Record<string, unknown>;
      docs: { photo: File; none: null };
      list: File[];
    };
    expect(back.name).toBe('Sita');
    expect(back.nested).toEqual({ ok: 1 });
    expect(back.docs.none).toBeNull();
    expect(back.docs.photo).toBeInstanceOf(File);
    expect(back.docs.photo.name).toBe('photo.jpg');
    expect(back.docs.photo.type).toBe('image/jpeg');
    expect(back.docs.photo.lastModified).toBe(1_700_000_000_000);
    expect([...new Uint8Array(await bytes(back.docs.photo))]).toEqual([0xff, 0xd8, 0xff, 1, 2, 3]);
    expect(back.list[0].size).toBe(6);
  });

  it('fingerprints values by content, files by name and size', () => {
    expect(fingerprint({ a: '1', f: photo() })).toBe(fingerprint({ a: '1', f: photo() }));
    expect(fingerprint({ a: '1' })).not.toBe(fingerprint({ a: '2' }));
    expect(fingerprint({ f: photo() })).not.toBe(fingerprint({ f: null }));
    expect(fingerprint({ a: '1', password: 'x' })).toBe(fingerprint({ a: '1', password: 'y' }));
  });
});

describe('useFormDraft', () => {
  it('saves typed values and chosen files, and restores them in a new form (reload)', async () => {
    const key = draftKey(1, 'application:create:single');
    const first = renderHook(() => useDraftedForm(key));
    await waitFor(() => expect(first.result.current.draft.restored).toBe(false));
    act(() => {
      first.result.current.form.setValue('businessName', 'Himalayan Tea House');
      first.result.current.form.setValue('owners', [{ name: 'Sita' }]);
      first.result.current.form.setValue('docs', { 'passport-photo': photo() });
    });
    await waitFor(() => expect(first.result.current.draft.savedAt).not.toBeNull());
    const stored = await loadDraft(key);
    expect((stored?.values as Values).businessName).toBe('Himalayan Tea House');
    first.unmount();

    const second = renderHook(() => useDraftedForm(key));
    await waitFor(() => expect(second.result.current.draft.restored).toBe(true));
    const values = second.result.current.form.getValues();
    expect(values.businessName).toBe('Himalayan Tea House');
    expect(values.owners).toEqual([{ name: 'Sita' }]);
    expect(values.docs['passport-photo']).toBeInstanceOf(File);
    expect(values.docs['passport-photo']?.name).toBe('photo.jpg');
    second.unmount();
  });

  it('keeps drafts apart per user and per form', async () => {
    await saveDraft(draftKey(2, 'application:edit:7'), { ...empty(), businessName: 'Edit 7' });
    const otherUser = renderHook(() => useDraftedForm(draftKey(3, 'application:edit:7')));
    const otherForm = renderHook(() => useDraftedForm(draftKey(2, 'application:edit:8')));
    const same = renderHook(() => useDraftedForm(draftKey(2, 'application:edit:7')));
    await waitFor(() => expect(same.result.current.draft.restored).toBe(true));
    expect(same.result.current.form.getValues('businessName')).toBe('Edit 7');
    expect(otherUser.result.current.draft.restored).toBe(false);
    expect(otherUser.result.current.form.getValues('businessName')).toBe('');
    expect(otherForm.result.current.draft.restored).toBe(false);
  });

  it('writes no draft for a form back at its starting values', async () => {
    const key = draftKey(4, 'application:edit:1');
    const start = { ...empty(), businessName: 'Stored name' };
    const { result, unmount } = renderHook(() => useDraftedForm(key, start));
    await waitFor(() => expect(result.current.draft.restored).toBe(false));
    // the edit form re-sets its selects when their options arrive: the same values again
    act(() => result.current.form.setValue('businessName', 'Stored name'));
    await act(() => result.current.draft.flush());
    expect(await loadDraft(key)).toBeUndefined();
    // a change is saved; typing the old value back deletes the draft again
    act(() => result.current.form.setValue('businessName', 'New name'));
    await act(() => result.current.draft.flush());
    expect(await loadDraft(key)).toBeDefined();
    act(() => result.current.form.setValue('businessName', 'Stored name'));
    await act(() => result.current.draft.flush());
    expect(await loadDraft(key)).toBeUndefined();
    unmount();
  });

  it('discard deletes the draft and puts the starting values back', async () => {
    const key = draftKey(5, 'application:create:single');
    await saveDraft(key, { ...empty(), businessName: 'Old draft' });
    const { result } = renderHook(() => useDraftedForm(key));
    await waitFor(() => expect(result.current.draft.restored).toBe(true));
    await act(() => result.current.draft.discard());
    expect(result.current.draft.restored).toBe(false);
    expect(result.current.form.getValues('businessName')).toBe('');
    expect(await loadDraft(key)).toBeUndefined();
  });

  it('clear (after a submit) deletes the draft and saves nothing more', async () => {
    const key = draftKey(6, 'application:create:multiple');
    const { result, unmount } = renderHook(() => useDraftedForm(key));
    await waitFor(() => expect(result.current.draft.restored).toBe(false));
    act(() => result.current.form.setValue('businessName', 'Submitted'));
    await act(() => result.current.draft.flush());
    expect(await loadDraft(key)).toBeDefined();
    await act(() => result.current.draft.clear());
    act(() => result.current.form.setValue('businessName', 'After submit'));
    unmount(); // a pending save would run here
    await new Promise((r) => setTimeout(r, 30));
    expect(await loadDraft(key)).toBeUndefined();
  });

  it('does nothing without a key (no signed-in user)', async () => {
    const { result } = renderHook(() => useDraftedForm(null));
    act(() => result.current.form.setValue('businessName', 'Nobody'));
    await act(() => result.current.draft.flush());
    expect(result.current.draft.savedAt).toBeNull();
    expect(result.current.draft.restored).toBe(false);
  });
});
