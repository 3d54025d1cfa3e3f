/**
 * The registration list takes its filters from the URL, so a dashboard card (which links with
 * `status`, `fiscalYearId` and `wardId`) opens exactly the set it counted; changing a filter
 * changes the request and the URL; a ward admin has no ward to pick.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import enUS from '../../../shared/i18n/en-US.js';
import { admin, FISCAL_YEARS, WARDS, wardAdmin } from '../../test/fixtures';
import { resetEachTest } from '../../test/lifecycle';
import { filtersOf, mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithApp } from '../../test/render';
import ApplicationsListPage from './ApplicationsListPage';

resetEachTest();

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function setup() {
  return mockApi({
    'GET /api/applications': () =>
      jsonResponse(200, { data: [], meta: { total: 0, totalCapped: false, nextCursor: null } }),
    'GET /api/fiscal-years/all': () => jsonResponse(200, { data: FISCAL_YEARS }),
    'GET /api/wards/all': () => jsonResponse(200, { data: WARDS }),
  });
}

describe('ApplicationsListPage filters', () => {
  it("sends the dashboard link's status, fiscal year and ward, and keeps changes in the URL", async () => {
    const api = setup();
    renderWithApp(
      <>
        <ApplicationsListPage />
        <Search />
      </>,
      { profile: admin, route: '/business/applications?status=pending&fiscalYearId=4&wardId=12' },
    );
    await waitFor(() => expect(api.calls('GET', '/api/applications').length).toBeGreaterThan(0));
    expect(filtersOf(api.calls('GET', '/api/applications')[0])).toMatchObject({
      status: 'pending',
      fiscalYearId: 4,
      wardId: 12,
    });
    await waitFor(() => expect(screen.getByLabelText(enUS.applications.ward)).toHaveValue('12'));
    expect(screen.getByLabelText(enUS.applications.fiscalYear)).toHaveValue('4');

    await userEvent.selectOptions(screen.getByLabelText(enUS.applications.fiscalYear), '');
    await waitFor(() => {
      const calls = api.calls('GET', '/api/applications');
      const last = filtersOf(calls[calls.length - 1]);
      expect(last).not.toHaveProperty('fiscalYearId');
      expect(last).toMatchObject({ status: 'pending', wardId: 12 });
    });
    expect(screen.getByTestId('search')).toHaveTextContent('?status=pending&wardId=12');
  });

  it('gives a ward admin no ward picker and ignores a garbage id in the URL', async () => {
    const api = setup();
    renderWithApp(<ApplicationsListPage />, {
      profile: wardAdmin,
      route: '/business/applications?fiscalYearId=abc',
    });
    await waitFor(() => expect(api.calls('GET', '/api/applications').length).toBeGreaterThan(0));
    expect(filtersOf(api.calls('GET', '/api/applications')[0])).not.toHaveProperty('fiscalYearId');
    expect(screen.queryByLabelText(enUS.applications.ward)).toBeNull();
    expect(api.calls('GET', '/api/wards/all')).toHaveLength(0);
  });
});
