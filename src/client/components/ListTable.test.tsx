/**
 * ListTable's pager in Nepali: the range, page buttons and rows-per-page choices in Devanagari.
 * (jsdom gives elements no size, so the menu's dropdown counts as hidden: queried with hidden.)
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLang } from '../lib/i18n';
import { resetEachTest } from '../test/lifecycle';
import { mockApi } from '../test/mockApi';
import { jsonResponse, renderWithApp } from '../test/render';
import { ListTable } from './ListTable';

resetEachTest();

type Row = { id: number; name: string };

describe('ListTable pager', () => {
  it('writes every number of the pager with Devanagari digits in ne', async () => {
    await setLang('ne');
    const api = mockApi({
      'GET /api/things': (req) => {
        const n = Number(req.query.get('rowsPerPage'));
        const rows = Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `row ${i + 1}` }));
        return jsonResponse(200, { data: rows, meta: { total: 60 } });
      },
    });
    renderWithApp(
      <ListTable<Row>
        resource="/things"
        label="Things"
        columns={[{ accessor: 'name', title: 'Name' }]}
      />,
    );
    expect(await screen.findByText('६० मध्ये १–२५')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '३' })).toBeInTheDocument();
    expect(screen.getByText('प्रति पृष्ठ पङ्क्ति')).toBeInTheDocument();

    const size = screen.getByRole('button', { name: 'प्रति पृष्ठ पङ्क्ति: २५' });
    expect(size).toHaveTextContent(/^२५$/);
    await userEvent.click(size);
    const menu = await screen.findByRole('menu', { hidden: true });
    const items = within(menu)
      .getAllByRole('menuitem', { hidden: true })
      .map((m) => m.textContent);
    expect(items).toEqual(['१०', '२५', '५०', '१००']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: '५०', hidden: true }));
    await waitFor(() =>
      expect(api.calls('GET', '/api/things').at(-1)!.query.get('rowsPerPage')).toBe('50'),
    );
    expect(await screen.findByText('६० मध्ये १–५०')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'प्रति पृष्ठ पङ्क्ति: ५०' })).toBeInTheDocument();
  });
});
