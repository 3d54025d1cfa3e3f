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

  it('past the count cap: "10,000+", Next sends the nextCursor, Back reuses it, a sort change clears the map', async () => {
    await setLang('en-US');
    const ROWS = 12_000;
    // a server of 12,000 rows: total capped at 10,000; the cursor names the sort and the offset
    const api = mockApi({
      'GET /api/things': (req) => {
        const rpp = Number(req.query.get('rowsPerPage'));
        const sort = `${req.query.get('sortBy')}-${req.query.get('descending')}`;
        const cursor = req.query.get('cursor');
        const [cSort, cStart] = cursor ? cursor.split('@') : [sort, ''];
        if (cSort !== sort) return jsonResponse(400, { message: 'bad cursor' });
        const start = cursor ? Number(cStart) : (Number(req.query.get('page')) - 1) * rpp;
        const rows = Array.from({ length: Math.min(rpp, ROWS - start) }, (_, i) => ({
          id: ROWS - start - i,
          name: `row ${start + i + 1}`,
        }));
        const next = start + rpp < ROWS ? `${sort}@${start + rpp}` : null;
        return jsonResponse(200, {
          data: rows,
          meta: { total: 10_000, totalCapped: true, nextCursor: next },
        });
      },
    });
    renderWithApp(
      <ListTable<Row>
        resource="/things"
        label="Things"
        columns={[{ accessor: 'name', title: 'Name', sortable: true }]}
      />,
    );
    expect(await screen.findByText('1–25 of 10,000+')).toBeInTheDocument();
    const last = () => api.calls('GET', '/api/things').at(-1)!.query;
    expect(last().get('cursor')).toBeNull();
    // the pager offers the pages an OFFSET reaches (10,000 / 25 + 1)
    expect(screen.getByRole('button', { name: '401' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('row 26')).toBeInTheDocument();
    expect(last().get('cursor')).toBe('id-true@25');
    expect(last().get('page')).toBe('2');

    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('row 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('row 26')).toBeInTheDocument();
    // page 3 is known by cursor from page 2's answer
    await userEvent.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText('row 51')).toBeInTheDocument();
    expect(last().get('cursor')).toBe('id-true@50');

    // the last page an OFFSET reaches, then on past it by cursor
    await userEvent.click(screen.getByRole('button', { name: '401' }));
    expect(await screen.findByText('row 10001')).toBeInTheDocument();
    expect(last().get('cursor')).toBeNull();
    expect(last().get('page')).toBe('401');
    // its answer's nextCursor makes page 402 reachable, and no further
    expect(await screen.findByRole('button', { name: '402' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '403' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('row 10026')).toBeInTheDocument();
    expect(last().get('cursor')).toBe('id-true@10025');
    expect(screen.getByText('10,026–10,050 of 10,000+')).toBeInTheDocument();

    // a new sort starts again at page 1 with no cursor; Next then uses the new sort's cursor
    await userEvent.click(screen.getByText('Name'));
    await waitFor(() => expect(last().get('sortBy')).toBe('name'));
    expect(last().get('cursor')).toBeNull();
    expect(last().get('page')).toBe('1');
    expect(await screen.findByText('1–25 of 10,000+')).toBeInTheDocument();
    // the new sort's own answer (its nextCursor), not the previous page kept on screen meanwhile
    expect(await screen.findByText('row 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(last().get('cursor')).toMatch(/^name-.*@25$/));
  });

  it('writes the capped count in Nepali', async () => {
    await setLang('ne');
    mockApi({
      'GET /api/things': () =>
        jsonResponse(200, {
          data: Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `row ${i}` })),
          meta: { total: 10_000, totalCapped: true, nextCursor: 'c' },
        }),
    });
    renderWithApp(
      <ListTable<Row>
        resource="/things"
        label="Things"
        columns={[{ accessor: 'name', title: 'Name' }]}
      />,
    );
    expect(await screen.findByText('१०,००० भन्दा बढी मध्ये १–२५')).toBeInTheDocument();
  });
});
