/**
 * Registration list (SPEC §2 `business/applications`): the generic list with a status filter
 * and a text search, plus the fiscal year and (for a system admin) the ward; rows open the detail
 * page. Filters live in the URL (`?status=&q=&fiscalYearId=&wardId=`) so the dashboard's cards
 * open the same set they count, and the back button keeps them.
 */
import { Anchor, Button, NativeSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { latestStartFirst } from '../../../shared/fiscal-year.js';
import { STATUSES, type AppStatus } from '../../../shared/lifecycle.js';
import { BsDate } from '../../components/BsDate';
import { ExportButton } from '../../components/ExportButton';
import { DATA_CELL, ListTable } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { RequirePermission } from '../../components/RequirePermission';
import { ServiceBadge } from '../../components/ServiceBadge';
import { StatusBadge } from '../../components/StatusBadge';
import { useCan, useCurrentUser } from '../../lib/auth';
import { useFormat } from '../../lib/useFormat';
import {
  businessTypeColumn,
  FilterBar,
  SearchField,
  wardColumn,
} from '../../components/ListFilters';
import type { FiscalYearOption } from '../dashboard';
import type { ApplicationRow, WardOption } from './types';
import { useAllOptions } from '../../lib/useOptions';

/** A positive id from the URL, or undefined. */
function idParam(v: string | null): number | undefined {
  return v && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : undefined;
}

function ApplicationsList() {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const canCreate = useCan('create-applications');
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = (STATUSES as readonly string[]).includes(statusParam ?? '')
    ? (statusParam as AppStatus)
    : '';
  const fiscalYearId = idParam(params.get('fiscalYearId'));
  const wardId = idParam(params.get('wardId'));
  const isAdmin = useCurrentUser().userType === 'systemadmin';
  const fiscalYears = useAllOptions<FiscalYearOption>('fiscal-years');
  // A ward admin's list is already their ward's (the server scopes it): no ward to pick.
  const wards = useAllOptions<WardOption>('wards', undefined, isAdmin);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(search.trim(), 350);

  // The search goes into the URL as it is typed, not after the debounce: a delayed URL write
  // could land after a row was opened (while its page loads) and navigate back to the list.
  const changeSearch = (v: string) => {
    setSearch(v);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (v.trim()) next.set('q', v.trim());
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  };

  const setParam = (key: 'status' | 'fiscalYearId' | 'wardId', v: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (v) next.set(key, v);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const filters = { status, q, fiscalYearId, wardId };

  const columns: DataTableColumn<ApplicationRow>[] = [
    {
      accessor: 'submissionNo',
      ...DATA_CELL,
      title: t('applications.submissionNo'),
      sortable: true,
      noWrap: true,
      render: (r) => f.digits(r.submissionNo),
    },
    {
      accessor: 'registrationNo',
      ...DATA_CELL,
      title: t('applications.registrationNo'),
      sortable: true,
      noWrap: true,
      render: (r) => (r.registrationNo ? f.digits(r.registrationNo) : '—'),
    },
    {
      accessor: 'businessName',
      ...DATA_CELL,
      title: t('applications.businessName'),
      sortable: true,
      cellsStyle: () => ({ minWidth: 160 }),
      // A real link too, so the detail page is reachable by keyboard and opens in a new tab.
      render: (r) => (
        <>
          <Anchor
            component={Link}
            to={`/business/applications/${r.id}/detail`}
            onClick={(e) => e.stopPropagation()}
          >
            {r.businessName}
          </Anchor>{' '}
          <ServiceBadge service={r.service} />
        </>
      ),
    },
    {
      accessor: 'ownerName',
      ...DATA_CELL,
      title: t('applications.ownerName'),
      sortable: true,
      cellsStyle: () => ({ minWidth: 130 }),
    },
    businessTypeColumn(t, f),
    wardColumn(t, f),
    {
      accessor: 'appStatus',
      title: t('applications.status'),
      sortable: true,
      noWrap: true,
      render: (r) => <StatusBadge status={r.appStatus} />,
    },
    {
      accessor: 'submissionDate',
      title: t('applications.submittedOn'),
      sortable: true,
      noWrap: true,
      render: (r) => <BsDate value={r.submissionDate} />,
    },
  ];

  return (
    <>
      <PageHeader title={t('applications.title')}>
        {canCreate && (
          <Button component={Link} to="/apply-new">
            {t('applications.new')}
          </Button>
        )}
        <ExportButton path="/applications/export" query={{ filters }} fallbackName="applications" />
      </PageHeader>
      <FilterBar>
        <SearchField value={search} onChange={changeSearch} />
        <NativeSelect
          label={t('applications.status')}
          name="status"
          value={status}
          onChange={(e) => setParam('status', e.currentTarget.value)}
          data={[
            { value: '', label: t('applications.allStatuses') },
            ...STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          ]}
          miw={160}
        />
        <NativeSelect
          label={t('applications.fiscalYear')}
          name="fiscalYearId"
          value={fiscalYearId ? String(fiscalYearId) : ''}
          onChange={(e) => setParam('fiscalYearId', e.currentTarget.value)}
          data={[
            { value: '', label: t('applications.allFiscalYears') },
            ...(fiscalYears.data ?? [])
              .slice()
              .sort(latestStartFirst)
              .map((y) => ({ value: String(y.id), label: f.digits(y.code) })),
          ]}
          miw={140}
        />
        {isAdmin && (
          <NativeSelect
            label={t('applications.ward')}
            name="wardId"
            value={wardId ? String(wardId) : ''}
            onChange={(e) => setParam('wardId', e.currentTarget.value)}
            data={[
              { value: '', label: t('applications.allWards') },
              ...(wards.data ?? [])
                .slice()
                .sort((a, b) => a.number - b.number)
                .map((w) => ({ value: String(w.id), label: `${f.num(w.number)} — ${f.name(w)}` })),
            ]}
            miw={140}
          />
        )}
      </FilterBar>
      <ListTable<ApplicationRow>
        resource="/applications"
        label={t('applications.title')}
        columns={columns}
        filters={filters}
        card={{
          title: 'businessName',
          status: 'appStatus',
          fields: ['submissionNo', 'registrationNo', 'submissionDate'],
        }}
        onRowClick={(r) => void navigate(`/business/applications/${r.id}/detail`)}
      />
    </>
  );
}

export default function ApplicationsListPage() {
  return (
    <RequirePermission perms={['view-applications']}>
      <ApplicationsList />
    </RequirePermission>
  );
}
