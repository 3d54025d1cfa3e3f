/**
 * The history tab written for people (issue 17 §7): past-tense labels in both languages, the
 * checkbox names instead of their ids, rupees for money (Devanagari digits in Nepali), BS date
 * and time of day in Nepal, and who did it.
 */
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLang } from '../../lib/i18n';
import { renderWithApp } from '../../test/render';
import { HistoryTab } from './HistoryTab';
import type { ApplicationDetail } from './types';

const d = {
  id: 9,
  documents: [
    {
      id: 5,
      kind: 'citizenship',
      fileId: 1,
      mime: 'image/png',
      originalName: 'c.png',
      sizeBytes: 10,
      checks: [2, 3],
      nameEn: 'Citizenship document',
      nameNe: 'नागरिकता प्रमाणपत्र',
    },
  ],
  history: [
    {
      id: 1,
      action: 'submit',
      fromStatus: null,
      toStatus: 'pending',
      remarks: null,
      // 09:20 UTC = 15:05 in Kathmandu, 1 Shrawan 2082
      createdAt: '2025-07-17T09:20:00.000Z',
      byName: 'Sita Sharma',
      byUserType: 'user',
    },
    {
      id: 2,
      action: 'checklist',
      fromStatus: 'pending',
      toStatus: 'pending',
      remarks: null,
      createdAt: '2025-07-17T10:00:00.000Z',
      byName: 'Ward Admin',
      byUserType: 'wardadmin',
      changes: { citizenship: { from: [1, 2], to: [2, 3, 4] } },
      checkNames: {
        '1': { nameEn: 'Photo matches', nameNe: 'फोटो मिल्छ' },
        '2': { nameEn: 'Legible', nameNe: 'पढ्न सकिन्छ' },
        '3': { nameEn: 'Stamp visible', nameNe: 'छाप देखिन्छ' },
        '4': { nameEn: 'Not expired', nameNe: 'म्याद बाँकी' },
      },
    },
    {
      id: 3,
      action: 'edit',
      fromStatus: 'pending',
      toStatus: 'pending',
      remarks: null,
      createdAt: '2025-07-17T11:00:00.000Z',
      byName: 'Sita Sharma',
      byUserType: 'user',
      changes: {
        capitalCurrent: { from: 30000000, to: 123456700 },
        isOldRegistration: { from: false, to: true },
      },
    },
    {
      id: 5,
      action: 'amend',
      fromStatus: 'approved',
      toStatus: 'approved',
      remarks: null,
      createdAt: '2025-07-19T04:00:00.000Z',
      byName: 'Ward Admin',
      byUserType: 'wardadmin',
      changes: {
        wardId: {
          from: { id: 11, number: 1, nameEn: 'Ward No. 1', nameNe: 'वडा नं. १' },
          to: { id: 12, number: 2, nameEn: 'Ward No. 2', nameNe: 'वडा नं. २' },
        },
      },
    },
    {
      id: 4,
      action: 'verify',
      fromStatus: 'pending',
      toStatus: 'verified',
      remarks: null,
      createdAt: '2025-07-18T04:00:00.000Z',
      byName: 'Ward Admin',
      byUserType: 'wardadmin',
    },
  ],
} as unknown as ApplicationDetail;

const renderTab = () => renderWithApp(<HistoryTab d={d} />, { route: '/x', path: '/x' });

/** The "by …" line of an entry: the name is its own `translate="no"` element inside it. */
const byLine = (re: RegExp) => (_: string, el: Element | null) =>
  el?.tagName === 'P' && re.test(el.textContent ?? '');

describe('HistoryTab', () => {
  beforeEach(() => setLang('en-US'));

  it('writes each step in the past tense, with names, rupees, date, time and who', async () => {
    renderTab();
    expect(await screen.findByText('Submitted')).toBeInTheDocument();
    expect(screen.getByText('Verified, fees assessed')).toBeInTheDocument();
    expect(screen.getByText('Edited')).toBeInTheDocument();
    expect(screen.getByText('Document checklist updated')).toBeInTheDocument();
    expect(screen.queryByText(/^Verify$/)).toBeNull();
    // date AND time of day in Nepal, and who
    expect(screen.getByText('2082-04-01 15:05')).toBeInTheDocument();
    expect(screen.getAllByText(byLine(/by Sita Sharma \(Applicant\)/))).toHaveLength(2);
    expect(screen.getAllByText(byLine(/by Ward Admin \(Ward admin\)/))).toHaveLength(3);
    // checkbox names, not ids
    const checklist = screen.getByText(/Checklist of Citizenship document/);
    expect(checklist).toHaveTextContent(
      'Checklist of Citizenship document: Ticked: Stamp visible, Not expired; Unticked: Photo matches',
    );
    expect(checklist.textContent).not.toMatch(/\d/);
    // rupees, not paisa; Yes/No, not ✓/✗
    expect(screen.getByText(/Rs\. 3,00,000\.00 → Rs\. 12,34,567\.00/)).toBeInTheDocument();
    expect(screen.getByText(/: No → Yes/)).toBeInTheDocument();
    // an amendment's ward transfer by ward number and name (issue 19)
    expect(screen.getByText(/1 — Ward No\. 1 → 2 — Ward No\. 2/)).toBeInTheDocument();
    // a checklist or an edit keeps the status: no "Pending → Pending" (only submit and verify)
    expect(screen.getAllByText('Pending')).toHaveLength(2);
  });

  it('in Nepali: past tense, Nepali names, Devanagari digits', async () => {
    await setLang('ne');
    renderTab();
    expect(await screen.findByText('पेस गरियो')).toBeInTheDocument();
    expect(screen.getByText('प्रमाणीकरण गरियो, शुल्क निर्धारण भयो')).toBeInTheDocument();
    expect(screen.getByText('२०८२-०४-०१ १५:०५')).toBeInTheDocument();
    expect(screen.getByText(/नागरिकता प्रमाणपत्रको जाँचसूची/)).toHaveTextContent(
      'चिनो लगाइयो: छाप देखिन्छ, म्याद बाँकी; चिनो हटाइयो: फोटो मिल्छ',
    );
    expect(screen.getByText(/रु\. ३,००,०००\.०० → रु\. १२,३४,५६७\.००/)).toBeInTheDocument();
    expect(screen.getByText(/: होइन → हो/)).toBeInTheDocument();
    expect(screen.getByText(/१ — वडा नं\. १ → २ — वडा नं\. २/)).toBeInTheDocument();
  });
});
