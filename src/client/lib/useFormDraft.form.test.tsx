/**
 * The application form with its device draft (issue 7 §6), in jsdom with fake-indexeddb: typed
 * values come back in a new form with the "Draft restored from this device" notice, and
 * "Discard draft" empties the form and deletes the draft. (Submitting offline needs a fully
 * valid form and a real connection to drop: e2e/offline.spec.ts.)
 */
import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../shared/schemas/auth.js';
import { ApplicationForm } from '../features/apply';
import { jsonResponse, renderWithApp } from '../test/render';
import { setLang } from './i18n';
import { draftKey, loadDraft } from './useFormDraft';

const applicant: User = {
  id: 41,
  name: 'Sita Sharma',
  username: 'sita',
  phone: '9841000001',
  email: null,
  gender: 'female',
  userType: 'user',
  wardId: null,
  photoFileId: 11,
  citizenshipFileId: 12,
  lang: 'en-US',
  roles: ['user'],
  permissions: ['view-applications', 'create-applications'],
};
const KEY = draftKey(applicant.id, 'application:single');

/** Every option list answers empty. */
const fetchMock = vi.fn(async () => jsonResponse(200, { data: [] }));

beforeEach(async () => {
  await setLang('en-US');
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockClear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = () => renderWithApp(<ApplicationForm />, { profile: applicant });
const name = () => screen.getByLabelText(/^Business name/) as HTMLInputElement;

describe('ApplicationForm draft', () => {
  it('restores typed values in a new form, with a notice, until discarded', async () => {
    const first = open();
    // the fields are drawn once the draft has been looked for (a read of IndexedDB)
    await userEvent.type(await screen.findByLabelText(/^Business name/), 'Himal Traders');
    await screen.findByText('Draft saved on this device');
    first.unmount();
    expect(await loadDraft(KEY)).toBeDefined();

    open();
    expect(await screen.findByText('Draft restored from this device')).toBeInTheDocument();
    // drawn once, with the draft: never empty first
    expect(name()).toHaveValue('Himal Traders');
    await userEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(name()).toHaveValue(''));
    expect(screen.queryByText('Draft restored from this device')).toBeNull();
    expect(await loadDraft(KEY)).toBeUndefined();
  });
});
