/**
 * Renewal list (SPEC §2 `renewRegistrationList`; issue 4 contract GET /api/applications/renewals):
 * approved registrations whose expiry date is past or within 30 days, in the generic list
 * (paged, sortable, filtered). Each row offers "Renew", or links to the renewal already in
 * progress, and shows its last renewal reminder; staff who message applicants "Remind now" a
 * row or the rows selected (RemindNow.tsx, issue 19 §5).
 */
import { Anchor, Badge, Button, NativeSelect, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BsDate } from '../../components/BsDate';
import { ExportButton } from '../../components/ExportButton';
import { DATA_CELL, ListTable } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { RequirePermission } from '../../components/RequirePermission';
import { StatusBadge } from '../../components/StatusBadge';
import { useCan } from '../../lib/auth';
import { useFormat } from '../../lib/useFormat';
import {
  businessTypeColumn,
  FilterBar,
  SearchField,
  wardColumn,
} from '../../components/ListFilters';
import type { BusinessTypeOption, RenewalRow, WardOption } from '../registrations';
import { useAllOptions } from '../../lib/useOptions';
import { ReminderCell, REMIND_PERMISSION, RemindSelected } from './RemindNow';

/** A sentence, not a tag: normal case, and it wraps instead of being cut off on a phone. */
const BADGE = {
  tt: 'none',
  styles: {
    root: { height: 'auto', paddingBlock: 2 },
    label: { whiteSpace: 'normal', overflow: 'visible' },
  },
} as const;

/** "Expired N days ago" / "Expires today" / "Expires in N days", coloured by urgency. */
export function ExpiryBadge({ days }: { days: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (days < 0) {
    return (
      <Badge color="red" variant="light" {...BADGE}>
        {t('renewal.expiredAgo', { n: f.num(-days) })}
      </Badge>
    );
  }
  return (
    <Badge color={days === 0 ? 'orange' : 'yellow'} variant="light" {...BADGE}>
      {days === 0 ? t('renewal.expiresToday') : t('renewal.expiresIn', { n: f.num(days) })}
    </Badge>
  );
}

/** The action of a row: the renewal in progress, or "Renew" for those who may renew. */
export function RenewalAction({ row, canRenew }: { row: RenewalRow; canRenew: boolean }) {
  const { t } = useTranslation();
  if (row.renewalId != null) {
    return (
      <Stack gap={2} align="flex-start">
        <Anchor
          component={Link}
          to={`/business/applications/${row.renewalId}/detail`}
          size="sm"
          onClick={(e) => e.stopPropagation()}
        >
          {t('renewal.inProgress')}
        </Anchor>
        {row.renewalStatus && <StatusBadge status={row.renewalStatus} />}
      </Stack>
    );
  }
  if (!canRenew) return null;
  return (
    <Button
      size="compact-sm"
      color="teal"
      component={Link}
      to={`/re-new-registration/${row.id}`}
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
    >
      {t('renewal.renew')}
    </Button>
  );
}

/**
 * The columns. What a phone shows without scrolling sideways comes first: the business, how
 * soon it expires, and what to do about it.
 */
export function useRenewalColumns(): DataTableColumn<RenewalRow>[] {
  const { t } = useTranslation();
  const f = useFormat();
  const canRenew = useCan('renew-applications');
  const canRemind = useCan(REMIND_PERMISSION);
  return [
    {
      accessor: 'businessName',
      ...DATA_CELL,
      title: t('applications.businessName'),
      sortable: true,
      cellsStyle: () => ({ minWidth: 160 }),
      render: (r) => (
        <Stack gap={2} align="flex-start">
          <Anchor
            component={Link}
            to={`/business/applications/${r.id}/detail`}
            onClick={(e) => e.stopPropagation()}
          >
            {r.businessName}
          </Anchor>
          {r.isOldRegistration && (
            <Badge size="xs" variant="outline" color="gray">
              {t('renewal.old')}
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'expiryDate',
      title: t('renewal.expiryDate'),
      sortable: true,
      // The action sits under the expiry, so that a phone shows it without scrolling sideways.
      cellsStyle: () => ({ minWidth: 150 }),
      render: (r) => (
        <Stack gap={4} align="flex-start">
          <Text size="sm">
            <BsDate value={r.expiryDate} />
          </Text>
          <ExpiryBadge days={r.daysToExpiry} />
          <RenewalAction row={r} canRenew={canRenew} />
        </Stack>
      ),
    },
    {
      accessor: 'lastReminderAt',
      title: t('reminders.column'),
      cellsStyle: () => ({ minWidth: 150 }),
      render: (r) => <ReminderCell row={r} canRemind={canRemind} />,
    },
    {
      accessor: 'registrationNo',
      ...DATA_CELL,
      title: t('applications.registrationNo'),
      sortable: true,
      noWrap: true,
      render: (r) => f.digits(r.registrationNo) || '—',
    },
    {
      accessor: 'ownerName',
      ...DATA_CELL,
      title: t('applications.ownerName'),
      cellsStyle: () => ({ minWidth: 130 }),
    },
    wardColumn(t, f),
    businessTypeColumn(t, f),
  ];
}

function RenewalList() {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 350);
  const [wardId, setWardId] = useState('');
  const [businessTypeId, setBusinessTypeId] = useState('');
  const [state, setState] = useState('');
  const wards = useAllOptions<WardOption>('wards');
  const types = useAllOptions<BusinessTypeOption>('business-types');
  const columns = useRenewalColumns();
  const canRemind = useCan(REMIND_PERMISSION);
  const [selected, setSelected] = useState<RenewalRow[]>([]);
  const filters = {
    q,
    wardId: wardId ? Number(wardId) : undefined,
    businessTypeId: businessTypeId ? Number(businessTypeId) : undefined,
    state,
  };

  return (
    <>
      <PageHeader title={t('renewal.listTitle')}>
        <RemindSelected rows={selected} onDone={() => setSelected([])} />
        <ExportButton
          path="/applications/renewals/export"
          query={{ filters }}
          fallbackName="renewals"
        />
      </PageHeader>
      <Text c="dimmed" size="sm" mb="sm">
        {t('renewal.intro')}
      </Text>
      <FilterBar>
        <SearchField value={search} onChange={setSearch} />
        <NativeSelect
          label={t('applications.ward')}
          name="wardId"
          value={wardId}
          onChange={(e) => setWardId(e.currentTarget.value)}
          data={[
            { value: '', label: t('renewal.allWards') },
            ...(wards.data ?? []).map((w) => ({
              value: String(w.id),
              label: `${f.num(w.number)} — ${f.name(w)}`,
            })),
          ]}
          miw={140}
        />
        <NativeSelect
          label={t('applications.businessType')}
          name="businessTypeId"
          value={businessTypeId}
          onChange={(e) => setBusinessTypeId(e.currentTarget.value)}
          data={[
            { value: '', label: t('renewal.allTypes') },
            ...(types.data ?? []).map((b) => ({ value: String(b.id), label: f.name(b) })),
          ]}
          miw={160}
        />
        <NativeSelect
          label={t('renewal.state')}
          name="state"
          value={state}
          onChange={(e) => setState(e.currentTarget.value)}
          data={[
            { value: '', label: t('renewal.allStates') },
            { value: 'expired', label: t('renewal.expired') },
            { value: 'expiring', label: t('renewal.expiring') },
          ]}
          miw={160}
        />
      </FilterBar>
      <ListTable<RenewalRow>
        resource="/applications/renewals"
        label={t('renewal.listTitle')}
        columns={columns}
        filters={filters}
        card={{
          title: 'businessName',
          fields: ['expiryDate', 'lastReminderAt', 'registrationNo', 'ownerName'],
        }}
        {...(canRemind
          ? {
              selectedRecords: selected,
              onSelectedRecordsChange: setSelected,
              rowLabel: (r: RenewalRow) => r.businessName,
            }
          : {})}
        onRowClick={(r) => void navigate(`/business/applications/${r.id}/detail`)}
      />
    </>
  );
}

export default function RenewalListPage() {
  return (
    <RequirePermission perms={['view-applications']}>
      <RenewalList />
    </RequirePermission>
  );
}
