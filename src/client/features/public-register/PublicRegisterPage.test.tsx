/**
 * The public register page (issue 19 §6): a search is sent as `q` and shown in the address;
 * each result shows only the public facts, in Nepali digits for a Nepali reader; too short a
 * search is refused before it is sent; too many searches say so.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLang } from '../../lib/i18n';
import { resetEachTest } from '../../test/lifecycle';
import { mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithApp } from '../../test/render';
import PublicRegisterPage from './PublicRegisterPage';

resetEachTest();

const item = {
  businessName: 'हिमालयन चिया घर',
  registrationNo: '12/2083-84',
  businessType: { nameEn: 'Tea and snack shop', nameNe: 'चिया नास्ता पसल' },
  ward: { number: 3, nameEn: 'Ward No. 3', nameNe: 'वडा नं. ३' },
  status: 'expired',
  validUntil: '2026-07-16',
};

describe('PublicRegisterPage', () => {
  it('searches and shows the public facts of each result, in Nepali', async () => {
    await setLang('ne');
    const api = mockApi({
      'GET /api/public-register': () =>
        jsonResponse(200, { data: [item], meta: { page: 1, pageSize: 20, hasMore: false } }),
    });
    renderWithApp(<PublicRegisterPage />, { route: '/public-register' });
    await userEvent.type(screen.getByLabelText('व्यवसायको नाम वा दर्ता नं.'), 'चिया');
    await userEvent.click(screen.getByRole('button', { name: 'खोज्नुहोस्' }));
    const list = await screen.findByRole('list', { name: 'दर्ता भएका व्यवसाय' });
    const card = within(list).getByRole('listitem');
    expect(card).toHaveTextContent('हिमालयन चिया घर');
    expect(card).toHaveTextContent('म्याद सकिएको');
    expect(card).toHaveTextContent('१२/२०८३-८४');
    expect(card).toHaveTextContent('चिया नास्ता पसल');
    expect(card).toHaveTextContent('३ — वडा नं. ३');
    // 2026-07-16 AD is the last day of Ashadh 2083 BS
    expect(card).toHaveTextContent('२०८३-०३-३२');
    const [req] = api.calls('GET', '/api/public-register');
    expect(req.query.get('q')).toBe('चिया');
    expect(req.query.get('page')).toBe('1');
  });

  it('refuses a search shorter than 3 characters without asking the server', async () => {
    const api = mockApi({});
    renderWithApp(<PublicRegisterPage />, { route: '/public-register' });
    await userEvent.type(screen.getByLabelText('Business name or registration no.'), 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Type at least 3 characters');
    expect(api.calls('GET', '/api/public-register')).toHaveLength(0);
  });

  it('says so when nothing matches, and when the device searched too often', async () => {
    mockApi({
      'GET /api/public-register': (req) =>
        req.query.get('q') === 'busy'
          ? jsonResponse(429, { message: 'Too many requests' })
          : jsonResponse(200, { data: [], meta: { page: 1, pageSize: 20, hasMore: false } }),
    });
    const view = renderWithApp(<PublicRegisterPage />, { route: '/public-register?q=nothing' });
    expect(
      await screen.findByText('No registered business matches “nothing”.'),
    ).toBeInTheDocument();
    view.unmount();
    renderWithApp(<PublicRegisterPage />, { route: '/public-register?q=busy' });
    expect(
      await screen.findByText('Too many searches from this device. Wait a minute and try again.'),
    ).toBeInTheDocument();
  });
});
