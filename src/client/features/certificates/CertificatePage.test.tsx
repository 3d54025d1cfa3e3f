/**
 * The web certificate (issue 17 §5): every owner of a partnership, the permanent address's
 * chowk, and the Nepali half in Devanagari digits while the interface is in English.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CertificateView } from '../../../shared/schemas/certificate.js';
import { loadLangs } from '../../lib/i18n';
import { admin } from '../../test/fixtures';
import { mockFetchEachTest } from '../../test/lifecycle';
import { jsonResponse, renderWithApp } from '../../test/render';
import CertificatePage from './CertificatePage';

const fetchMock = mockFetchEachTest();

const bi = (en: string, ne: string) => ({ en, ne });

const partnership: CertificateView = {
  applicationId: 7,
  registrationNo: '12/2082-83',
  verifyCode: 'C-ABCDEF1234',
  fiscalYear: bi('2082/83', '२०८२/८३'),
  palika: {
    name: bi('Lalitpur', 'ललितपुर'),
    category: bi('Metropolitan City', 'महानगरपालिका'),
    district: bi('Lalitpur', 'ललितपुर'),
    province: bi('Bagmati Province', 'बागमती प्रदेश'),
    title: bi('Lalitpur Metropolitan City', 'ललितपुर महानगरपालिका'),
    emblemUrl: '/api/settings/emblem?v=default',
    office: { address: bi('', ''), phone: '', email: '' },
  },
  ward: {
    number: 1,
    name: bi('Ward No. 1', 'वडा नं. १'),
    chairName: bi('Ram Bahadur Shrestha', 'राम बहादुर श्रेष्ठ'),
    secretaryName: bi('Sita Kumari Maharjan', 'सीता कुमारी महर्जन'),
    address: bi('Pulchowk', 'पुल्चोक'),
  },
  businessName: 'Himalayan Tea House',
  ownerName: 'Suman Tamang',
  fatherOrHusbandName: 'Dorje Tamang',
  owners: [
    { name: 'Suman Tamang', fatherOrHusbandName: 'Dorje Tamang' },
    { name: 'Pemba Sherpa', fatherOrHusbandName: 'Nima Sherpa' },
    { name: 'Gita Gurung', fatherOrHusbandName: 'Hari Gurung' },
  ],
  firmName: null,
  businessType: bi('Tea shop', 'चिया पसल'),
  description: null,
  location: { address: 'Jhamsikhel Road', tole: null, mobile: '9841234567' },
  permanentAddress: {
    province: bi('Bagmati Province', 'बागमती प्रदेश'),
    district: bi('Kathmandu', 'काठमाडौं'),
    city: bi('Kathmandu Metropolitan City', 'काठमाडौं महानगरपालिका'),
    wardNo: 16,
    tole: 'Balaju',
    chowk: 'Ganesh Chowk',
  },
  capital: { max: 500_000_000, current: 250_000_000, paidUp: 150_000_000 },
  registrationDate: '2025-07-17', // 2082-04-01 BS
  expiryDate: '2026-07-16', // 2083-03-32 BS
  issuedAt: '2025-07-17T06:30:00.000Z',
  revoked: false,
};

describe('CertificatePage', () => {
  it('lists every owner and the chowk; the Nepali half keeps Devanagari digits in English', async () => {
    // as the certificate route does (App.tsx): both catalogues, the interface staying English
    await loadLangs(['en-US', 'ne']);
    fetchMock.mockResolvedValue(jsonResponse(200, { data: partnership }));
    renderWithApp(<CertificatePage />, {
      route: '/business/certificate/7',
      path: '/business/certificate/:id',
      profile: admin,
    });
    await screen.findAllByText('Pemba Sherpa');
    const halves = document.querySelectorAll<HTMLElement>('[lang="ne"], [lang="en-US"]');
    const ne = [...halves].find((h) => h.tagName === 'DIV' && h.textContent?.includes('धनी १'))!;
    const en = [...halves].find((h) => h.tagName === 'DIV' && h.textContent?.includes('Owner 1'))!;
    for (const half of [ne, en]) {
      for (const o of partnership.owners) {
        expect(within(half).getByText(o.name)).toBeInTheDocument();
        expect(within(half).getByText(o.fatherOrHusbandName!)).toBeInTheDocument();
      }
      expect(within(half).getByText('Ganesh Chowk')).toBeInTheDocument();
    }
    // the interface is English; the Nepali half is still written with Nepali digits
    expect(within(ne).getByText('धनी ३')).toBeInTheDocument();
    expect(within(ne).getByText('२०८२-०४-०१')).toBeInTheDocument();
    expect(within(ne).getByText('२०८३-०३-३२')).toBeInTheDocument();
    expect(within(ne).getByText('१२/२०८२-८३')).toBeInTheDocument();
    expect(within(ne).getByText('रु. ५०,००,०००.००')).toBeInTheDocument();
    expect(ne.textContent).not.toMatch(/2082-04-01|2083-03-32/);
    expect(within(ne).getByText('२०८२-०४-०१')).toHaveAttribute('title', 'ई.सं. २०२५-०७-१७');
    expect(within(en).getByText('Owner 3')).toBeInTheDocument();
    expect(within(en).getByText('2082-04-01')).toBeInTheDocument();
    expect(within(en).getByText('Rs. 50,00,000.00')).toBeInTheDocument();
  });
});
