/**
 * The dashboard: the fiscal year (default: the current one) and ward filters become the
 * request's query and the URL's search params; the cards and the charts' tables show the
 * figures in the user's digits; a ward admin gets no ward picker; no data shows "no data".
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import enUS from '../../../shared/i18n/en-US.js';
import ne from '../../../shared/i18n/ne.js';
import { setLang } from '../../lib/i18n';
import { admin, FISCAL_YEARS, WARDS, wardAdmin } from '../../test/fixtures';
import { resetEachTest } from '../../test/lifecycle';
import { mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithApp } from '../../test/render';
import DashboardPage from './DashboardPage';
import type { DashboardData } from './types';

resetEachTest();

/** Figures with a known mix; revenue in Shrawan (4) and Poush (9), paisa. */
const FIGURES: DashboardData = {
  total: 12,
  pending: 3,
  verified: 2,
  paid: 1,
  approved: 4,
  rejected: 1,
  cancelled: 1,
  paidAmount: 12_345_600,
  users: 1234,
  fiscalYear: { id: 5, code: '2082/83', nameNe: 'आ.व. २०८२/८३' },
  byWard: [
    { wardId: 11, number: 1, n: 3 },
    { wardId: 12, number: 2, n: 1 },
  ],
  byBusinessType: [
    { id: 5, nameEn: 'Tea and snack shop', nameNe: 'चिया तथा खाजा पसल', n: 3 },
    {
      id: 10,
      nameEn: 'Electronics and mobile repair',
      nameNe: 'इलेक्ट्रोनिक्स तथा मोबाइल मर्मत',
      n: 1,
    },
  ],
  revenueByMonth: [4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2, 3].map((month) => ({
    month,
    total: month === 4 ? 11_000_000 : month === 9 ? 1_345_600 : 0,
  })),
};

const EMPTY: DashboardData = {
  ...FIGURES,
  total: 0,
  pending: 0,
  verified: 0,
  paid: 0,
  approved: 0,
  rejected: 0,
  cancelled: 0,
  paidAmount: 0,
  users: 0,
  byWard: [],
  byBusinessType: [],
  revenueByMonth: FIGURES.revenueByMonth.map((m) => ({ ...m, total: 0 })),
};

/** Shows the router's search string, to check that the filters are kept in the URL. */
function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function setup(figures: DashboardData = FIGURES) {
  return mockApi({
    'GET /api/dashboard': () => jsonResponse(200, { data: figures }),
    'GET /api/fiscal-years/all': () => jsonResponse(200, { data: FISCAL_YEARS }),
    'GET /api/wards/all': () => jsonResponse(200, { data: WARDS }),
  });
}

/** The rows of the table of the chart with this heading, as [label, value] text pairs. */
function tableOf(heading: string) {
  const section = screen.getByRole('region', { name: heading });
  return within(section)
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
}

describe('DashboardPage', () => {
  it('asks for the current fiscal year first; the filters change the request and the URL', async () => {
    const api = setup();
    renderWithApp(
      <>
        <DashboardPage />
        <Search />
      </>,
      { profile: admin, route: '/' },
    );
    await screen.findByRole('region', { name: enUS.charts.byStatus });
    const first = api.calls('GET', '/api/dashboard');
    expect(first).toHaveLength(1);
    expect(first[0].query.get('fiscalYearId')).toBe('5');
    expect(first[0].query.has('wardId')).toBe(false);
    expect(screen.getByLabelText(enUS.charts.fiscalYear)).toHaveValue('5');

    await userEvent.selectOptions(screen.getByLabelText(enUS.charts.ward), '12');
    await waitFor(() => expect(api.calls('GET', '/api/dashboard')).toHaveLength(2));
    let last = api.calls('GET', '/api/dashboard')[1];
    expect(last.query.get('wardId')).toBe('12');
    expect(last.query.get('fiscalYearId')).toBe('5');
    expect(screen.getByTestId('search')).toHaveTextContent('?wardId=12');

    await userEvent.selectOptions(screen.getByLabelText(enUS.charts.fiscalYear), 'all');
    await waitFor(() => expect(api.calls('GET', '/api/dashboard')).toHaveLength(3));
    last = api.calls('GET', '/api/dashboard')[2];
    expect(last.query.has('fiscalYearId')).toBe(false);
    expect(last.query.get('wardId')).toBe('12');
    expect(screen.getByTestId('search')).toHaveTextContent('?wardId=12&fiscalYearId=all');

    await userEvent.selectOptions(screen.getByLabelText(enUS.charts.fiscalYear), '4');
    await waitFor(() => expect(api.calls('GET', '/api/dashboard')).toHaveLength(4));
    expect(api.calls('GET', '/api/dashboard')[3].query.get('fiscalYearId')).toBe('4');

    // The cards link to the list with the same filters.
    expect(screen.getByRole('link', { name: /Pending/ })).toHaveAttribute(
      'href',
      '/business/applications?status=pending&fiscalYearId=4&wardId=12',
    );
  });

  it('takes the filters from the URL (a reload keeps them)', async () => {
    const api = setup();
    renderWithApp(<DashboardPage />, { profile: admin, route: '/?fiscalYearId=4&wardId=11' });
    await screen.findByRole('region', { name: enUS.charts.byStatus });
    const [req] = api.calls('GET', '/api/dashboard');
    expect(req.query.get('fiscalYearId')).toBe('4');
    expect(req.query.get('wardId')).toBe('11');
    expect(screen.getByLabelText(enUS.charts.ward)).toHaveValue('11');
  });

  it('shows every figure in Nepali digits and names, in the cards and the charts’ tables', async () => {
    await setLang('ne');
    setup();
    renderWithApp(<DashboardPage />, { profile: admin, route: '/' });
    await screen.findByRole('region', { name: ne.charts.byStatus });
    // cards
    expect(screen.getByRole('link', { name: `${ne.dashboard.total} १२` })).toBeInTheDocument();
    // the paid amount card and the revenue table's total
    expect(screen.getAllByText('रु. १,२३,४५६.००')).toHaveLength(2);
    expect(screen.getByText('१,२३४')).toBeInTheDocument();
    // tables
    expect(tableOf(ne.charts.byStatus)).toEqual([
      [ne.status.pending, '३'],
      [ne.status.verified, '२'],
      [ne.status.paid, '१'],
      [ne.status.approved, '४'],
      [ne.status.rejected, '१'],
      [ne.status.cancelled, '१'],
      [ne.charts.total, '१२'],
    ]);
    expect(tableOf(ne.charts.byWard)).toEqual([
      ['वडा १', '३'],
      ['वडा २', '१'],
    ]);
    expect(tableOf(ne.charts.byBusinessType)).toEqual([
      ['चिया तथा खाजा पसल', '३'],
      ['इलेक्ट्रोनिक्स तथा मोबाइल मर्मत', '१'],
    ]);
    const revenue = tableOf(ne.charts.revenue);
    expect(revenue).toHaveLength(13);
    expect(revenue[0]).toEqual(['साउन', 'रु. १,१०,०००.००']);
    expect(revenue[5]).toEqual(['पुस', 'रु. १३,४५६.००']);
    expect(revenue[9]).toEqual(['बैशाख', 'रु. ०.००']);
    expect(revenue[12]).toEqual([ne.charts.total, 'रु. १,२३,४५६.००']);
    // the revenue chart names its fiscal year, and the filter its options, in Nepali digits
    expect(
      screen.getByText(ne.charts.revenueDesc.replace('{{fy}}', '२०८२/८३')),
    ).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '२०८२/८३ (चालु)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '२ — वडा नं. २' })).toBeInTheDocument();
    // no Latin digit in any text on the page (Mantine's <style> tags left out)
    const page = document.body.cloneNode(true) as HTMLElement;
    page.querySelectorAll('style').forEach((s) => s.remove());
    expect(page.textContent).not.toMatch(/[0-9]/);
  });

  it('"Show as table" puts a chart’s table on screen', async () => {
    setup();
    renderWithApp(<DashboardPage />, { profile: admin, route: '/' });
    const section = await screen.findByRole('region', { name: enUS.charts.byWard });
    const toggle = within(section).getByRole('button', { name: enUS.charts.showTable });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(within(section).getByRole('button', { name: enUS.charts.hideTable })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(section).getByRole('table', { name: enUS.charts.byWard })).toBeVisible();
  });

  it('a ward admin sees their ward, has no picker, and never sends a ward', async () => {
    const api = setup();
    renderWithApp(<DashboardPage />, { profile: wardAdmin, route: '/?wardId=11' });
    await screen.findByRole('region', { name: enUS.charts.byStatus });
    expect(screen.queryByRole('combobox', { name: enUS.charts.ward })).toBeNull();
    expect(await screen.findByLabelText(enUS.charts.yourWard)).toHaveValue('2 — Ward No. 2');
    const [req] = api.calls('GET', '/api/dashboard');
    expect(req.query.has('wardId')).toBe(false);
    expect(req.query.get('fiscalYearId')).toBe('5');
  });

  it('no figures: each chart says "no data" instead of drawing an empty chart', async () => {
    setup(EMPTY);
    renderWithApp(<DashboardPage />, { profile: admin, route: '/' });
    await screen.findByRole('region', { name: enUS.charts.byStatus });
    for (const heading of [
      enUS.charts.byStatus,
      enUS.charts.byWard,
      enUS.charts.byBusinessType,
      enUS.charts.revenue,
    ]) {
      const section = within(screen.getByRole('region', { name: heading }));
      expect(section.getByText(enUS.charts.noData)).toBeInTheDocument();
      expect(section.queryByRole('table')).toBeNull();
    }
  });
});
