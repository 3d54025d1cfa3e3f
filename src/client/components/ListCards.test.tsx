/**
 * Phone-first lists (issue 17 §4): below 600 px ListTable shows each row as a card — the
 * declared title, status, fields (label and value) and action, drawn by the columns' own
 * renderers — with the pager, sort, selection and row click still working; wider, the table.
 */
import { Button } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataTableColumn } from 'mantine-datatable';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../lib/i18n';
import { resetEachTest } from '../test/lifecycle';
import { mockApi } from '../test/mockApi';
import { jsonResponse, renderWithApp } from '../test/render';
import { CARD_MODE_QUERY, defaultCardSpec } from './ListCards';
import { ListTable } from './ListTable';

resetEachTest();

type Row = { id: number; name: string; state: string; ward: number; owner: string; code: string };

const rows = (n: number, offset = 0): Row[] =>
  Array.from({ length: n }, (_, i) => ({
    id: offset + i + 1,
    name: `Shop ${offset + i + 1}`,
    state: i % 2 ? 'open' : 'closed',
    ward: (i % 9) + 1,
    owner: `Owner ${offset + i + 1}`,
    code: `C-${offset + i + 1}`,
  }));

const columns = (onAct: (r: Row) => void): DataTableColumn<Row>[] => [
  { accessor: 'code', title: 'Code', sortable: true },
  { accessor: 'name', title: 'Business', sortable: true, render: (r) => <b>{r.name}</b> },
  { accessor: 'owner', title: 'Owner' },
  { accessor: 'ward', title: 'Ward', render: (r) => `Ward ${r.ward}` },
  { accessor: 'state', title: 'State', render: (r) => <span data-badge>{r.state}</span> },
  {
    accessor: 'actions',
    title: 'Actions',
    render: (r) => <Button onClick={() => onAct(r)}>{`Act on ${r.name}`}</Button>,
  },
];

/** A phone: the card query matches (jsdom's stub answers "no" to every other query). */
function phone(matches: boolean) {
  const real = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({
      ...real(query),
      matches: query.trim() === '' || (matches && query === CARD_MODE_QUERY),
    })) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = real;
  });
}

function serve(total = 30) {
  return mockApi({
    'GET /api/shops': (req) => {
      const n = Number(req.query.get('rowsPerPage'));
      const page = Number(req.query.get('page') ?? 1);
      const offset = (page - 1) * n;
      return jsonResponse(200, {
        data: rows(Math.max(0, Math.min(n, total - offset)), offset),
        meta: { total },
      });
    },
  });
}

describe('ListTable below 600 px: cards', () => {
  phone(true);

  it('shows title, status, the declared fields and the action; no table', async () => {
    serve();
    const acted = vi.fn();
    const clicked = vi.fn();
    renderWithApp(
      <ListTable<Row>
        resource="/shops"
        label="Shops"
        columns={columns(acted)}
        card={{ title: 'name', status: 'state', fields: ['owner', 'ward'], action: 'actions' }}
        onRowClick={clicked}
      />,
    );
    const list = await screen.findByRole('list', { name: 'Shops' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // the rows are drawn in a deferred render once the answer is in (ListTable.tsx)
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    const cards = within(list).getAllByRole('listitem');
    const first = within(cards[0]);
    // the title through the column's own renderer, the status beside it
    expect(first.getByText('Shop 1').tagName).toBe('B');
    expect(cards[0].querySelector('[data-badge]')).toHaveTextContent('closed');
    // fields as label and value, in the declared order; the code column is not on the card
    const terms = [...cards[0].querySelectorAll('dt')].map((d) => d.textContent);
    const values = [...cards[0].querySelectorAll('dd')].map((d) => d.textContent);
    expect(terms).toEqual(['Owner', 'Ward']);
    expect(values).toEqual(['Owner 1', 'Ward 1']);
    expect(first.queryByText('C-1')).not.toBeInTheDocument();

    // the action is the action's, not a row click; a click elsewhere on the card opens the row
    await userEvent.click(first.getByRole('button', { name: 'Act on Shop 1' }));
    expect(acted).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    expect(clicked).not.toHaveBeenCalled();
    await userEvent.click(first.getByText('Owner 1'));
    expect(clicked).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });

  it('pages and sorts like the table (same requests)', async () => {
    const api = serve(30);
    renderWithApp(
      <ListTable<Row>
        resource="/shops"
        label="Shops"
        columns={columns(() => {})}
        card={{ title: 'name', fields: ['owner'] }}
      />,
    );
    expect(await screen.findByText('1–25 of 30')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('Shop 26')).toBeInTheDocument();
    expect(screen.getByText('26–30 of 30')).toBeInTheDocument();
    expect(api.calls('GET', '/api/shops').at(-1)!.query.get('page')).toBe('2');

    await userEvent.selectOptions(
      screen.getByLabelText('Sort by'),
      screen.getByRole('option', { name: 'Business (ascending)' }),
    );
    await waitFor(() => {
      const q = api.calls('GET', '/api/shops').at(-1)!.query;
      expect([q.get('sortBy'), q.get('descending'), q.get('page')]).toEqual(['name', 'false', '1']);
    });
  });

  it('selection: a checkbox on each card, named like the table row', async () => {
    serve(3);
    const onChange = vi.fn();
    renderWithApp(
      <ListTable<Row>
        resource="/shops"
        label="Shops"
        columns={columns(() => {})}
        selectedRecords={[]}
        onSelectedRecordsChange={onChange}
        rowLabel={(r) => r.name}
      />,
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Shop 2' }));
    expect(onChange).toHaveBeenCalledWith([expect.objectContaining({ id: 2 })]);
  });

  it('an empty list says so', async () => {
    mockApi({ 'GET /api/shops': () => jsonResponse(200, { data: [], meta: { total: 0 } }) });
    renderWithApp(
      <ListTable<Row>
        resource="/shops"
        label="Shops"
        columns={columns(() => {})}
        emptyText="None here"
      />,
    );
    expect(await screen.findByText('None here')).toBeInTheDocument();
  });

  it('in Nepali, the range and page buttons in Devanagari digits', async () => {
    await setLang('ne');
    serve(30);
    renderWithApp(<ListTable<Row> resource="/shops" label="Shops" columns={columns(() => {})} />);
    expect(await screen.findByText('३० मध्ये १–२५')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '२' })).toBeInTheDocument();
  });
});

describe('ListTable from 600 px: the table', () => {
  phone(false);

  it('keeps the table', async () => {
    serve(3);
    renderWithApp(
      <ListTable<Row>
        resource="/shops"
        label="Shops"
        columns={columns(() => {})}
        card={{ title: 'name' }}
      />,
    );
    expect(await screen.findByRole('table', { name: 'Shops' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Shops' })).not.toBeInTheDocument();
  });
});

describe('defaultCardSpec', () => {
  it('first column the title, a status column, actions, the next three as fields', () => {
    expect(defaultCardSpec(columns(() => {}))).toEqual({
      title: 'code',
      status: undefined,
      action: 'actions',
      fields: ['name', 'owner', 'ward'],
    });
    expect(
      defaultCardSpec<{ id: number }>([
        { accessor: 'nameEn' },
        { accessor: 'code' },
        { accessor: 'status' },
        { accessor: 'actions' },
      ]),
    ).toEqual({ title: 'nameEn', status: 'status', action: 'actions', fields: ['code'] });
    expect(defaultCardSpec<{ id: number }>([{ accessor: 'a' }, { accessor: 'payStatus' }])).toEqual(
      { title: 'a', status: 'payStatus', action: undefined, fields: [] },
    );
  });
});
