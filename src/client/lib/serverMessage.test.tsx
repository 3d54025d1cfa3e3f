/**
 * Issue 17 §8: with the Nepali interface, a toast that shows a server answer (a save's success,
 * a refusal) renders Nepali: the answer's `messageKey` in the current language, whatever
 * language its `message` is in; an English sentence without a key becomes the Nepali fallback.
 * The toasts are the app's own (Providers → NotificationsArea), rendered, then read.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/mockApi';
import { jsonResponse, renderWithApp } from '../test/render';
import { api, ApiError, serverMessage, type Envelope } from './api';
import i18n, { setLang, tMessage } from './i18n';

/** A save button that toasts the server's answer, as the app's forms do. */
function SaveButton() {
  const save = async () => {
    try {
      const res = await api.post<Envelope<unknown>>('/things/1', { name: 'x' });
      notifications.show({ color: 'green', message: serverMessage(res, 'common.updated') });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  };
  return (
    <button type="button" onClick={() => void save()}>
      save
    </button>
  );
}

/** A run of three Latin words: an English sentence (or its start). */
const ENGLISH_SENTENCE = /[A-Za-z]+(?: [A-Za-z]+){2,}/;

async function toastAfterSave(answer: Response) {
  const api = mockApi({ 'POST /api/things/1': () => answer });
  renderWithApp(<SaveButton />);
  await userEvent.click(screen.getByRole('button', { name: 'save' }));
  const toast = await screen.findByRole('alert');
  return { text: toast.textContent ?? '', api };
}

beforeEach(async () => {
  await setLang('ne');
});
afterEach(async () => {
  notifications.clean();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await setLang('en-US');
});

describe('server answers on a Nepali screen', () => {
  it('a save answered "Updated Successfully" with its key toasts the Nepali text', async () => {
    const { text, api } = await toastAfterSave(
      jsonResponse(200, {
        data: {},
        message: 'Updated Successfully',
        messageKey: 'common.updated',
      }),
    );
    expect(text).toContain('सफलतापूर्वक अद्यावधिक भयो');
    expect(text).not.toMatch(ENGLISH_SENTENCE);
    // and the call said which language the screen is in
    const sent = api.fetchMock.mock.calls[0][1] as RequestInit;
    expect(new Headers(sent.headers).get('Accept-Language')).toBe('ne');
  });

  it('a refusal (409) toasts its key in Nepali, with its values', async () => {
    const { text } = await toastAfterSave(
      jsonResponse(409, {
        message: 'This record is still in use: 3 wards.',
        messageKey: 'errors.inUse',
        messageVars: { uses: '३ वडा' },
      }),
    );
    expect(text).toContain(i18n.t('errors.inUse', { uses: '३ वडा' }));
    expect(text).not.toMatch(ENGLISH_SENTENCE);
  });

  it('an English sentence without a key (a proxy, an old server) is not shown', async () => {
    const { text } = await toastAfterSave(
      jsonResponse(502, { message: 'Bad gateway from the upstream proxy' }),
    );
    expect(text).toBe(i18n.t('errors.actionFailed'));
    expect(text).toMatch(/[\u0900-\u097F]/);
  });

  it('a Nepali message without a key is shown as it is', () => {
    expect(serverMessage({ message: 'गेटवेले भुक्तानी अस्वीकार गर्‍यो' })).toBe(
      'गेटवेले भुक्तानी अस्वीकार गर्‍यो',
    );
  });

  it("a validation library's own English text on a field says 'not valid' in Nepali", () => {
    expect(tMessage('Invalid input: expected string, received undefined')).toBe(
      i18n.t('validation.invalid'),
    );
    expect(tMessage('validation.required')).toBe('यो फिल्ड आवश्यक छ');
    expect(tMessage('यो प्रयोगकर्ता नाम लिइसकिएको छ।')).toBe('यो प्रयोगकर्ता नाम लिइसकिएको छ।');
  });

  it('in English, the key gives the SPEC text', async () => {
    await setLang('en-US');
    expect(serverMessage({ message: 'सफल', messageKey: 'common.success' })).toBe('Success');
    expect(serverMessage({ message: 'Updated Successfully' })).toBe('Updated Successfully');
  });
});
