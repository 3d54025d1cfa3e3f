/**
 * The BS calendar screen (issue 16 §6): a system admin sees the provisional years marked,
 * corrects a year's months with the total checked as they type, saves after confirming (PUT, and
 * this browser converts with the correction at once) or removes a correction; a published year is
 * read only; a ward admin is refused and has no menu entry; the screen speaks Nepali.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { BS_CALENDAR } from '../../../shared/bs-calendar-data.js';
import { bsCalendarYear, bsToAd, clearMonthLengthOverrides } from '../../../shared/bs-date.js';
import type { User } from '../../../shared/schemas/auth.js';
import type { CalendarView } from '../../../shared/schemas/calendar.js';
import { setLang } from '../../lib/i18n';
import { TOKEN_KEY } from '../../lib/session';
import { admin, wardAdmin } from '../../test/fixtures';
import { resetEachTest } from '../../test/lifecycle';
import { mockApi, type MockHandler } from '../../test/mockApi';
import { jsonResponse } from '../../test/render';
import { renderAt } from '../../test/renderApp';

resetEachTest();
afterEach(() => clearMonthLengthOverrides());

/** 2085 in the table: [30, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31]. */
const YEAR = 2085;
const TABLE = [...BS_CALENDAR.find((y) => y.year === YEAR)!.months];
const MOVED = [31, 31, ...TABLE.slice(2)];

function calendar(corrections: Record<number, number[]> = {}): CalendarView {
  return {
    years: BS_CALENDAR.map((y) => ({
      year: y.year,
      months: corrections[y.year] ?? [...y.months],
      tableMonths: [...y.months],
      source: y.source,
      provisional: y.provisional,
      correctable: y.provisional,
      correction: corrections[y.year]
        ? {
            months: corrections[y.year],
            provisional: true,
            note: null,
            updatedAt: '2026-01-01T00:00:00.000Z',
          }
        : null,
    })),
  };
}

function renderPage(user: User, routes: Record<string, MockHandler> = {}) {
  localStorage.setItem(TOKEN_KEY, 'good');
  const api = mockApi({
    'GET /api/profiles': () => jsonResponse(200, { data: user }),
    'GET /api/notifications': () => jsonResponse(200, { data: [], meta: { total: 0, unread: 0 } }),
    'GET /api/calendar': () => jsonResponse(200, { data: calendar() }),
    ...routes,
  });
  renderAt('/settings/calendar');
  return api;
}

/** The row of a year in the table. */
async function row(year: string) {
  const table = await screen.findByRole('table');
  return within(table).getByText(year).closest('tr')!;
}

const confirmButton = async (name: string) =>
  within(await screen.findByRole('dialog', { name: new RegExp(`\\?$`) })).getByRole('button', {
    name,
  });

describe('BS calendar screen', () => {
  it('lists provisional years, corrects one with the total checked, and converts with it', async () => {
    const api = renderPage(admin, {
      'PUT /api/calendar/:year': () => jsonResponse(200, { data: calendar({ [YEAR]: MOVED }) }),
    });
    // provisional years by default, each marked; the menu has the screen under Settings
    expect(within(await row('2084')).getByText('Provisional')).toBeInTheDocument();
    expect(within(await screen.findByRole('table')).queryByText('2083')).toBeNull();
    expect(screen.getByRole('link', { name: 'BS calendar' })).toHaveAttribute(
      'href',
      '/settings/calendar',
    );
    await userEvent.click(screen.getByRole('radio', { name: 'All years' }));
    expect(within(await row('2083')).getByText('Published')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: `Correct the months of ${YEAR}` }));
    const dialog = await screen.findByRole('dialog', { name: `BS ${YEAR}` });
    const baishakh = within(dialog).getByRole('textbox', { name: 'Baishakh' });
    const jestha = within(dialog).getByRole('textbox', { name: 'Jestha' });
    expect(baishakh).toHaveValue('30');
    expect(within(dialog).getByText('Total: 365 days')).toBeInTheDocument();

    await userEvent.clear(baishakh);
    await userEvent.type(baishakh, '31');
    expect(within(dialog).getByText('Total: 366 days')).toBeInTheDocument();
    expect(within(dialog).getByText('A valid year')).toBeInTheDocument();
    await userEvent.clear(jestha);
    await userEvent.type(jestha, '33');
    expect(within(dialog).getByText('A month has 29 to 32 days')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save correction' })).toBeDisabled();
    await userEvent.clear(jestha);
    await userEvent.type(jestha, '30');
    expect(within(dialog).getByText('Total: 364 days')).toBeInTheDocument();
    expect(within(dialog).getByText('The 12 months must add up to 365 or 366 days')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Save correction' })).toBeDisabled();
    await userEvent.clear(jestha);
    await userEvent.type(jestha, '31');
    expect(within(dialog).getByText('Total: 365 days')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Panchang');

    const before = bsToAd({ year: YEAR, month: 2, day: 1 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    // asks first: nothing is sent before the confirmation
    expect(api.calls('PUT', `/api/calendar/${YEAR}`)).toHaveLength(0);
    await userEvent.click(await confirmButton('Save correction'));
    await waitFor(() => expect(api.calls('PUT', `/api/calendar/${YEAR}`)).toHaveLength(1));
    expect(api.calls('PUT', `/api/calendar/${YEAR}`)[0].json).toEqual({
      monthLengths: MOVED,
      provisional: true,
      note: 'Panchang',
    });
    // this browser converts with the correction at once
    await waitFor(() => expect(bsCalendarYear(YEAR).months).toEqual(MOVED));
    expect(bsToAd({ year: YEAR, month: 2, day: 1 })).not.toBe(before);
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'The correction is saved and in use.' }),
    );
    expect(within(await row(String(YEAR))).getByText('Corrected')).toBeInTheDocument();
  });

  it('removes a correction after confirming', async () => {
    const api = renderPage(admin, {
      'GET /api/calendar': () => jsonResponse(200, { data: calendar({ [YEAR]: MOVED }) }),
      'DELETE /api/calendar/:year': () => jsonResponse(200, { data: calendar() }),
    });
    expect(within(await row(String(YEAR))).getByText('Corrected')).toBeInTheDocument();
    // the listing is applied as it arrives
    expect(bsCalendarYear(YEAR).months).toEqual(MOVED);
    await userEvent.click(screen.getByRole('button', { name: `Correct the months of ${YEAR}` }));
    const dialog = await screen.findByRole('dialog', { name: `BS ${YEAR}` });
    expect(within(dialog).getByText('Table: 30')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove correction' }));
    await userEvent.click(await confirmButton('Remove correction'));
    await waitFor(() => expect(api.calls('DELETE', `/api/calendar/${YEAR}`)).toHaveLength(1));
    await waitFor(() => expect(bsCalendarYear(YEAR).corrected).toBe(false));
  });

  it("shows the server's refusal", async () => {
    renderPage(admin, {
      'PUT /api/calendar/:year': () =>
        jsonResponse(422, {
          message: 'The given data was invalid.',
          errors: { year: ['This year has a published calendar: its months cannot be changed.'] },
        }),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: `Correct the months of ${YEAR}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: `BS ${YEAR}` });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    await userEvent.click(await confirmButton('Save correction'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This year has a published calendar',
    );
  });

  it('shows a published year read only', async () => {
    renderPage(admin);
    await userEvent.click(await screen.findByRole('radio', { name: 'All years' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Months of 2083' }));
    const dialog = await screen.findByRole('dialog', { name: 'BS 2083' });
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).getByText('Total: 365 days')).toBeInTheDocument();
  });

  it('speaks Nepali', async () => {
    await setLang('ne');
    renderPage(admin);
    await userEvent.click(
      await screen.findByRole('button', { name: `${'२०८५'} का महिना सच्याउनुहोस्` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'वि.सं. २०८५' });
    expect(within(dialog).getByRole('textbox', { name: 'बैशाख' })).toHaveValue('३०');
    expect(within(dialog).getByText('जम्मा: ३६५ दिन')).toBeInTheDocument();
    // Devanagari digits are read as numbers
    const chaitra = within(dialog).getByRole('textbox', { name: 'चैत' });
    await userEvent.clear(chaitra);
    await userEvent.type(chaitra, '३२');
    expect(within(dialog).getByText('जम्मा: ३६६ दिन')).toBeInTheDocument();
  });

  it('is refused to a ward admin, with no menu entry', async () => {
    const api = renderPage(wardAdmin);
    expect(await screen.findByText('Unauthorized Access.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'BS calendar' })).toBeNull();
    expect(api.calls('GET', '/api/calendar')).toHaveLength(0);
  });
});
