/**
 * The form's checks loaded when first used (issue 18 §5, ./formSchema.ts): the first focus in
 * the form starts the download; a Continue while it cannot be downloaded says so, stays on the
 * step, changing nothing, and offers to reload the page (Chromium keeps a failed import until
 * then: e2e/form-checks.spec.ts goes through the reload); in a browser that asks again, the next
 * Continue, once the download comes, checks the step as always.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../lib/i18n';
import { APPLICANT, DATA } from '../../test/applyFixtures';
import { jsonResponse, renderForm } from '../../test/render';
import { ApplicationForm } from './ApplicationForm';

/** Whether the schema's download fails (offline); otherwise the real module is loaded. */
let offline = false;
const load = vi.fn();
const reload = vi.fn();
vi.mock('../../lib/reloadPage', () => ({ reloadPage: () => reload() }));
vi.mock('./formSchema', async (importOriginal) => {
  const real = await importOriginal<typeof import('./formSchema')>();
  return {
    ...real,
    loadApplicationSchemas: () => {
      load();
      return offline
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : real.loadApplicationSchemas();
    },
  };
});

const fetchMock = vi.fn(async (input: string) => {
  const url = new URL(input, 'http://localhost');
  return jsonResponse(200, { data: DATA[url.pathname] ?? [] });
});
const profile = APPLICANT;

beforeEach(async () => {
  await setLang('en-US');
  vi.stubGlobal('fetch', fetchMock);
  offline = false;
  load.mockClear();
  reload.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the form's checks, loaded when first used", () => {
  it('are not asked for to draw the step, and are on the first focus in the form', async () => {
    const user = userEvent.setup();
    await renderForm(<ApplicationForm />, { profile });
    expect(screen.getByLabelText(/^Business name/)).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText(/^Business name/));
    expect(load).toHaveBeenCalled();
  });

  it('say when they cannot be downloaded, stay on the step, and check once they come', async () => {
    const user = userEvent.setup();
    await renderForm(<ApplicationForm />, { profile });
    offline = true;
    await user.type(screen.getByLabelText(/^Business name/), 'Himal Traders');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The form could not check your answers: part of it did not download. Your answers are saved on this device',
    );
    expect(screen.getByTestId('step-indicator')).toHaveTextContent('Step 1 of 6');
    expect(screen.queryByTestId('error-summary')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Business name/)).toHaveValue('Himal Traders');
    await user.click(screen.getByRole('button', { name: 'Reload the page' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));

    offline = false;
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // the business type is missing: the step's own check, and the download's alert gone
    expect(await screen.findByTestId('error-summary')).toHaveTextContent('Business type');
    await waitFor(() =>
      expect(screen.queryByText(/could not check your answers/)).not.toBeInTheDocument(),
    );
    expect(screen.getByTestId('step-indicator')).toHaveTextContent('Step 1 of 6');
  });
});
