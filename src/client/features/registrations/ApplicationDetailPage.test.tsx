/**
 * Detail page: action buttons come from `allowedActions`; manual payment shows the bill and
 * converts the BS paid date to AD; reject asks for remarks and 'Are you sure?'.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bsToAd } from '../../../shared/bs-date.js';
import { setLang } from '../../lib/i18n';
import { TOKEN_KEY } from '../../lib/session';
import { named } from '../../test/fixtures';
import { jsonResponse, renderWithApp } from '../../test/render';
import ApplicationDetailPage from './ApplicationDetailPage';
import { certificateFileName } from './api';

const staff = {
  id: 1,
  name: 'Ward Admin',
  username: 'ward1',
  phone: '9800000002',
  email: null,
  gender: 'female',
  userType: 'wardadmin',
  wardId: 1,
  photoFileId: null,
  citizenshipFileId: null,
  lang: 'en-US',
  roles: ['wardadmin'],
  permissions: ['view-applications', 'record-payments', 'reject-applications'],
};
const detail = {
  id: 9,
  appStatus: 'verified',
  submissionNo: '2082-83-000009',
  registrationNo: null,
  registrationDate: null,
  expiryDate: null,
  submissionDate: '2025-07-17',
  businessName: 'Himal Traders',
  ownerName: 'Sita Sharma',
  fatherOrHusbandName: 'Ram Sharma',
  firmName: null,
  description: null,
  isRenewal: false,
  permWardNo: 4,
  permTole: null,
  permChowk: null,
  locAddress: 'Mangal Bazar',
  locTole: null,
  locMobile: '9841000001',
  capitalMax: 50000000,
  capitalCurrent: 30000000,
  capitalPaidUp: 20000000,
  applicantName: 'Sita Sharma',
  applicantAddress: 'Kirtipur-4',
  applicantContact: '9841000001',
  createdAt: '2025-07-17T04:00:00.000Z',
  businessType: named('Retail shop', 'खुद्रा पसल'),
  ward: { id: 1, number: 1, ...named('Ward No. 1', 'वडा नं. १') },
  permState: named('Bagmati Province', 'बागमती प्रदेश'),
  permDistrict: named('Kathmandu', 'काठमाडौं'),
  permCity: named('Kirtipur', 'कीर्तिपुर'),
  fiscalYear: { code: '2082/83', nameNe: '२०८२/८३' },
  bill: {
    lines: [
      { key: 'businessTax', amount: 100000, rule: '' },
      { key: 'fine', amount: 0, rule: '' },
      { key: 'rentTax', amount: 0, rule: '' },
      { key: 'adminCost', amount: 10000, rule: '' },
      { key: 'discount', amount: 0, rule: '' },
    ],
    businessTax: 100000,
    fine: 0,
    rentTax: 0,
    adminCost: 10000,
    discount: 0,
    total: 110000,
    bandId: 1,
  },
  documents: [],
  history: [
    {
      id: 1,
      action: 'submit',
      fromStatus: null,
      toStatus: 'pending',
      remarks: null,
      createdAt: '2025-07-16T20:00:00.000Z',
      byName: 'Sita Sharma',
      byUserType: 'user',
    },
  ],
  payments: [],
  certificate: null,
  allowedActions: ['pay', 'reject', 'cancel'],
};

let current: Record<string, unknown> = detail;
const posts: [string, FormData][] = [];
const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
  const { pathname } = new URL(input, 'http://localhost');
  if (pathname === '/api/profiles') return jsonResponse(200, { data: staff });
  if (init?.method === 'POST') {
    posts.push([pathname, init.body as FormData]);
    return jsonResponse(200, { data: { ...detail, appStatus: 'paid', allowedActions: [] } });
  }
  if (pathname === '/api/applications/9') return jsonResponse(200, { data: current });
  return jsonResponse(404, { message: 'Resource not found.' });
});

beforeEach(async () => {
  await setLang('en-US');
  localStorage.setItem(TOKEN_KEY, 'tok');
  posts.length = 0;
  current = detail;
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderDetail = () =>
  renderWithApp(<ApplicationDetailPage />, {
    route: '/business/applications/9/detail',
    path: '/business/applications/:id/detail',
  });

describe('ApplicationDetailPage', () => {
  it('shows the actions the server allows, and dates in BS', async () => {
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Himal Traders' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manual payment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    // cancelling ends the application: it is in the secondary menu, not beside the payment
    expect(screen.queryByRole('button', { name: 'Cancel application' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /More actions/ }));
    expect(await screen.findByRole('menuitem', { name: 'Cancel application' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download certificate' })).not.toBeInTheDocument();
    // 2025-07-17 AD is 1 Shrawan 2082 BS
    expect(screen.getByText('2082-04-01')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: /History/ }));
    // 20:00 UTC on 16 July is already 17 July in Kathmandu; the AD instant is the <time>'s
    // dateTime (and its tooltip, see BsDate.test.tsx).
    const when = await waitFor(() => {
      const el = document.querySelector('time[datetime="2025-07-16T20:00:00.000Z"]');
      expect(el).not.toBeNull();
      return el!;
    });
    expect(when).toHaveTextContent('2082-04-01');
  });

  it('records a manual payment with the BS date converted to AD', async () => {
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Manual payment' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Rs. 1,000.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Rs. 1,100.00')).toBeInTheDocument();
    const date = within(dialog).getByLabelText(/Paid date/);
    expect((date as HTMLInputElement).value).toMatch(/^20\d\d-\d\d-\d\d$/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    // the receipt number and the receipt scan are both missing
    expect(await within(dialog).findAllByText('This filed is required')).toHaveLength(2);
    await userEvent.type(within(dialog).getByLabelText(/Receipt number/), 'R-101');
    await userEvent.clear(date);
    await userEvent.type(date, '२०८२-०४-०२');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Channel/), 'bank');
    const scan = new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' });
    await userEvent.upload(document.querySelector('input[name=receipt]') as HTMLInputElement, scan);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    const [path, body] = posts[0];
    expect(path).toBe('/api/applications/9/payments');
    expect(body.get('receiptNo')).toBe('R-101');
    expect(body.get('paidDate')).toBe(bsToAd({ year: 2082, month: 4, day: 2 }));
    expect(body.get('paidDate')).toBe('2025-07-18');
    expect(body.get('channel')).toBe('bank');
    // the amount is prefilled with the bill's total, in rupees
    expect(body.get('amount')).toBe('1100');
    expect((body.get('receipt') as File).name).toBe('receipt.pdf');
  });

  it('asks for remarks and confirmation before rejecting', async () => {
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('This filed is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Remarks/), 'Scan unreadable');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Are you sure?')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0][0]).toBe('/api/applications/9/reject');
    expect(posts[0][1].get('remarks')).toBe('Scan unreadable');
  });

  it('names the certificate file after the registration number', () => {
    expect(certificateFileName('145/2082-83')).toBe('certificate-145-2082-83.pdf');
  });
});

describe('destructive actions are secondary (issue 17 §7)', () => {
  const approved = {
    ...detail,
    appStatus: 'approved',
    registrationNo: '145/2082-83',
    certificate: { id: 3, registrationNo: '145/2082-83', verifyCode: 'abc', revoked: false },
    allowedActions: ['terminate'],
  };

  it('after approval the first button downloads the certificate; terminate is in the menu and says what happens', async () => {
    current = approved;
    renderDetail();
    await screen.findByRole('heading', { name: 'Himal Traders' });
    const buttons = screen
      .getAllByRole('button')
      .filter((b) => !b.closest('[role=tablist]') && b.textContent);
    expect(buttons[0]).toHaveTextContent('Download certificate');
    expect(screen.queryByRole('button', { name: 'Terminate registration' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revoke certificate' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /More actions/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Terminate registration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terminate registration' });
    expect(within(dialog).getByText(/The registration ends now/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText(/Remarks/));
    await userEvent.paste('Business closed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Terminate registration' }));
    // 'Are you sure?' names the effect again; nothing is sent before it is confirmed
    expect(await screen.findByText('Are you sure?')).toBeInTheDocument();
    expect(screen.getAllByText(/cannot be renewed\. This cannot be undone\./).length).toBe(2);
    expect(posts).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0][0]).toBe('/api/applications/9/terminate');
    expect(posts[0][1].get('remarks')).toBe('Business closed');
  });

  it('revoking the certificate is in the menu too, for those who may approve', async () => {
    current = approved;
    renderWithApp(<ApplicationDetailPage />, {
      route: '/business/applications/9/detail',
      path: '/business/applications/:id/detail',
      profile: { ...staff, permissions: [...staff.permissions, 'approve-applications'] } as never,
    });
    await screen.findByRole('heading', { name: 'Himal Traders' });
    await userEvent.click(screen.getByRole('button', { name: /More actions/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Revoke certificate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke certificate' });
    expect(within(dialog).getByText(/stops being valid at once/)).toBeInTheDocument();
  });
});

describe('a rejected application (issue 17 §1)', () => {
  it('shows the reason, what to fix and "Fix and resubmit" at the top', async () => {
    current = {
      ...detail,
      appStatus: 'rejected',
      bill: null,
      canEdit: true,
      allowedActions: ['resubmit', 'cancel'],
      history: [
        ...detail.history,
        {
          id: 2,
          action: 'reject',
          fromStatus: 'pending',
          toStatus: 'rejected',
          remarks: 'The citizenship scan is unreadable. Upload a clear scan.',
          createdAt: '2025-07-18T08:30:00.000Z',
          byName: 'Ward Admin',
          byUserType: 'wardadmin',
        },
      ],
    };
    renderDetail();
    const banner = await screen.findByTestId('rejected-banner');
    expect(within(banner).getByText('This application was rejected')).toBeInTheDocument();
    expect(
      within(banner).getByText('The citizenship scan is unreadable. Upload a clear scan.'),
    ).toBeInTheDocument();
    expect(within(banner).getByText('What to fix')).toBeInTheDocument();
    // 08:30 UTC is 14:15 in Kathmandu, 2 Shrawan 2082
    expect(
      within(banner).getByText('Rejected by Ward Admin on 2082-04-02 14:15'),
    ).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Fix and resubmit' })).toHaveAttribute(
      'href',
      '/edit-registration/9',
    );
    // the banner comes before the tabs
    const tabs = screen.getByRole('tablist');
    expect(banner.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
