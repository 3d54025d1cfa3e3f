/**
 * The one generic list page of every setup resource (SPEC §2 "Generic list pages"): paged,
 * sortable and filtered (status, text search `q`, parent ids) through ListTable; a status
 * toggle per row ('Status changed successfully.' for 1 s, or 'Oops! Something went wrong.');
 * delete of one row or of the selected rows after 'Are you sure?'; create and edit in the
 * form dialog. What the user may not do is not shown (view-|create-|edit-|delete-{r}); a
 * page opened without the route's permission shows 'Unauthorized Access.' and loads nothing.
 * Filters live in the URL, so the back button and links keep them.
 */
import {
  Badge,
  Button,
  Group,
  NativeSelect,
  Switch,
  Text,
  TextInput,
  type MantineSize,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { hasAnyPermission } from '../../../shared/permissions.js';
import { BsDate } from '../../components/BsDate';
import { ExportButton } from '../../components/ExportButton';
import { DATA_CELL, ListTable } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { RequirePermission } from '../../components/RequirePermission';
import { api, request, serverMessage, type Envelope } from '../../lib/api';
import { PROFILE_KEY, useCurrentUser } from '../../lib/auth';
import { useFormat, type Formatter } from '../../lib/useFormat';
import { CONFIGS } from './configs';
import { FilterSelect } from './ResourceFilters';
import { ResourceFormDialog, type DialogTarget, type SaveAnswer } from './ResourceFormDialog';
import { RESOURCE_ROUTES, routeOf } from './routes';
import type { ColumnDef, RenderContext, ResourceConfig, ResourceRow } from './types';
import type { Mode } from './formValues';

/** SPEC §9: status-change notices stay 1 s. */
export const STATUS_TOAST_MS = 1000;

/** A readable name of a row, for confirmations and accessible labels. */
export function defaultRowName(row: ResourceRow, f: Formatter): string {
  if (typeof row.code === 'string' && row.code) return f.digits(row.code);
  if (row.nameEn || row.nameNe) return f.name(row);
  for (const k of ['name', 'username', 'slug', 'phone']) {
    // Names and usernames as typed (data); phone numbers and slugs in the language's digits.
    if (typeof row[k] === 'string' && row[k]) {
      return k === 'name' || k === 'username' ? (row[k] as string) : f.digits(row[k] as string);
    }
  }
  return `#${f.num(row.id)}`;
}

/** `'nameEn'`/`'nameNe'` (or `<key>En/Ne`) for the language. */
const langKey = (key: string, f: Formatter) => `${key}${f.lang === 'ne' ? 'Ne' : 'En'}`;

/** Date and time of an instant in Nepal, the date in BS: '2082-04-01 14:05'. */
function dateTime(v: unknown, f: Formatter): string {
  if (typeof v !== 'string' || !v) return '';
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) return f.digits(v);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kathmandu',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);
  return `${f.date(v)} ${f.digits(time)}`;
}

/** The cell of a configured column. */
function renderCell(col: ColumnDef, row: ResourceRow, ctx: RenderContext): ReactNode {
  if (col.render) return col.render(row, ctx);
  const { t, f } = ctx;
  const v = row[col.key];
  switch (col.kind) {
    case 'name': {
      const own = row[langKey(col.key, f)];
      const text = own || row[`${col.key}En`] || row[`${col.key}Ne`];
      // Without a name in the user's language, the other one is shown as stored: data.
      return own ? String(own) : text ? <span translate="no">{String(text)}</span> : '—';
    }
    case 'number':
      return v == null || v === '' ? '—' : f.num(Number(v));
    case 'money':
      return v == null || v === '' ? '—' : f.money(Number(v));
    case 'date':
      return <BsDate value={v ? String(v) : null} empty="—" />;
    case 'datetime':
      return v ? dateTime(v, f) : '—';
    case 'digits':
      return v == null || v === '' ? '—' : f.digits(String(v));
    case 'enum':
      return v == null || v === ''
        ? '—'
        : t(`${col.enumKey}.${String(v)}`, { defaultValue: String(v) });
    case 'bool':
      return v === true || v === 1 ? t('resource.yes') : t('resource.no');
    default:
      return v == null || v === '' ? '—' : String(v);
  }
}

/** Where a save answer asks to go: a path, or a named page (resource or route name). */
export function redirectTarget(answer: SaveAnswer): string | null {
  const raw =
    answer.redirect_page || (typeof answer.redirect === 'string' ? answer.redirect : null);
  if (!raw) return null;
  if (raw.startsWith('/')) return raw.startsWith('//') ? null : raw;
  const byName = RESOURCE_ROUTES.find((r) => r.resource === raw || r.path === `/${raw}`);
  if (byName) return byName.path;
  return /^[A-Za-z0-9_\-/]+$/.test(raw) ? `/${raw}` : null;
}

/**
 * A row's status switch. It shows the status asked for from the click's own render until the
 * list draws the row again (the list's rows are a deferred value, a render behind its data),
 * and stays still meanwhile; the saved status again when the change fails. Drawn from the
 * row alone, a controlled switch would spring back under the user's finger while the change
 * is on its way. `change` rejects when the change fails and resolves once the list is read again.
 */
function StatusSwitch({
  row,
  name,
  change,
}: {
  row: ResourceRow;
  name: string;
  change: (row: ResourceRow) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState<boolean | null>(null);
  // the row drawn again (a new object from the list's answer): its status is the saved one
  useEffect(() => setAsked(null), [row]);
  const active = asked ?? Number(row.status) === 1;
  return (
    <Switch
      checked={active}
      label={active ? t('resource.active') : t('resource.inactive')}
      aria-label={name}
      disabled={asked !== null}
      onChange={() => {
        setAsked(!active);
        // the failure is told by the mutation's own notice
        change(row).catch(() => setAsked(null));
      }}
      onClick={(e) => e.stopPropagation()}
      size="sm"
      styles={{ label: { whiteSpace: 'nowrap' } }}
    />
  );
}

const PARAM_STATUS = 'status';
const PARAM_Q = 'q';

function ResourceList({ config }: { config: ResourceConfig }) {
  const { t } = useTranslation();
  const f = useFormat();
  const rowName = config.rowName ?? defaultRowName;
  const qc = useQueryClient();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const can = (action: 'create' | 'edit' | 'delete') =>
    !config.readOnly && hasAnyPermission(user.permissions, [`${action}-${config.name}`]);
  const canCreate = can('create') && !!config.fields?.length;
  const canEdit = can('edit') && !!config.fields?.length;
  const canToggle = can('edit') && config.statusToggle !== false;
  const canDelete = can('delete');

  // ---- filters (URL)
  const [params, setParams] = useSearchParams();
  const setParam = (key: string, v: string, clear: string[] = []) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (v) next.set(key, v);
        else next.delete(key);
        for (const c of clear) next.delete(c);
        return next;
      },
      { replace: true },
    );
  const [search, setSearch] = useState(params.get(PARAM_Q) ?? '');
  const [q] = useDebouncedValue(search.trim(), 350);
  useEffect(() => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (q) next.set(PARAM_Q, q);
        else next.delete(PARAM_Q);
        return next;
      },
      { replace: true },
    );
  }, [q, setParams]);
  const statusParam = params.get(PARAM_STATUS);
  const status = statusParam === '1' || statusParam === '0' ? statusParam : '';
  const filterDefs = config.filters ?? [];
  const filters: Record<string, unknown> = {};
  if (config.statusFilter !== false && status) filters.status = Number(status);
  if (config.search !== false && q) filters.q = q;
  for (const def of filterDefs) {
    const v = params.get(def.name);
    if (!v) continue;
    filters[def.name] = def.kind === 'select' ? Number(v) : v;
  }
  const filterDependents = (name: string): string[] =>
    filterDefs
      .filter((d) => d.kind === 'select' && d.filterBy?.field === name)
      .flatMap((d) => [d.name, ...filterDependents(d.name)]);

  const ctx: RenderContext = { t, f };

  // ---- selection (of the rows these filters show), dialog
  const filtersKey = JSON.stringify(filters);
  const [selection, setSelection] = useState<{ key: string; rows: ResourceRow[] }>({
    key: filtersKey,
    rows: [],
  });
  const selected = selection.key === filtersKey ? selection.rows : [];
  const setSelected = (rows: ResourceRow[]) => setSelection({ key: filtersKey, rows });
  const [target, setTarget] = useState<DialogTarget | null>(null);

  const refresh = () => qc.invalidateQueries({ queryKey: [`/${config.name}`] });

  const changeStatus = useMutation({
    // The server toggles 1 ↔ 0 itself; the call carries no body.
    mutationFn: (row: ResourceRow) =>
      request<Envelope<ResourceRow>>(`/${config.name}/${row.id}/change-status`, { method: 'PUT' }),
    onSuccess: () => {
      notifications.show({
        color: 'green',
        message: t('resource.statusChanged'),
        autoClose: STATUS_TOAST_MS,
      });
      return refresh();
    },
    onError: () => {
      notifications.show({
        color: 'red',
        message: t('resource.statusFailed'),
        autoClose: STATUS_TOAST_MS,
      });
    },
  });

  const remove = useMutation({
    mutationFn: (ids: number[]) =>
      api.post<{ data?: { deleted?: unknown; notDeleted?: unknown }; message?: string }>(
        `/${config.name}/delete`,
        { delete_rows: ids },
      ),
    onSuccess: (res) => {
      const count = (v: unknown) => (Array.isArray(v) ? v.length : Number(v) || 0);
      const notDeleted = count(res?.data?.notDeleted);
      const deleted = count(res?.data?.deleted);
      notifications.show({
        color: notDeleted ? 'orange' : 'green',
        title: deleted ? t('common.success') : t('errors.actionFailed'),
        // Ids that were gone already (or not ours to see) are said so; the rest is the
        // server's message.
        message: notDeleted
          ? t('resource.notDeleted', { n: f.num(notDeleted) })
          : serverMessage(res, 'common.actionSuccess'),
        autoClose: 5000,
      });
      setSelected([]);
      void refresh();
    },
  });

  const confirmDelete = (rows: ResourceRow[]) =>
    modals.openConfirmModal({
      title: t('common.areYouSure'),
      centered: true,
      children: (
        <Text size="sm">
          {rows.length === 1
            ? t('resource.deleteOne', { name: rowName(rows[0], f) })
            : t('resource.deleteMany', { n: f.num(rows.length) })}
        </Text>
      ),
      labels: { confirm: t('resource.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(rows.map((r) => r.id)),
    });

  const onSaved = (answer: SaveAnswer, mode: Mode) => {
    setTarget(null);
    notifications.show({
      color: 'green',
      title: t('common.success'),
      message: serverMessage(answer, mode === 'edit' ? 'common.updated' : 'common.actionSuccess'),
      autoClose: 5000,
    });
    void refresh();
    // Roles, permissions and users shape what the signed-in user may do.
    if (['roles', 'permissions', 'users'].includes(config.name)) {
      void qc.invalidateQueries({ queryKey: PROFILE_KEY });
    }
    const to = redirectTarget(answer);
    if (to) void navigate(to);
  };

  // ---- columns
  const columns: DataTableColumn<ResourceRow>[] = config.columns.map((col) => ({
    accessor: col.key,
    title: t(col.label),
    sortable: !!col.sortable,
    sortKey: col.sortKey ?? (col.kind === 'name' ? langKey(col.key, f) : col.key),
    noWrap: col.noWrap ?? (col.kind !== 'name' && col.kind !== 'text'),
    textAlign: col.kind === 'number' || col.kind === 'money' ? 'right' : undefined,
    cellsStyle: col.minWidth ? () => ({ minWidth: col.minWidth }) : undefined,
    // Text and codes are shown as typed: data, not language (translate="no").
    ...(!col.render && (!col.kind || col.kind === 'text' || col.kind === 'digits')
      ? DATA_CELL
      : {}),
    render: (row: ResourceRow) => renderCell(col, row, ctx),
  }));
  if (!config.readOnly) {
    columns.push({
      accessor: 'status',
      title: t('resource.status'),
      sortable: true,
      noWrap: true,
      render: (row) => {
        const active = Number(row.status) === 1;
        if (!canToggle) {
          return (
            <Badge color={active ? 'green' : 'gray'} variant="light">
              {active ? t('resource.active') : t('resource.inactive')}
            </Badge>
          );
        }
        return (
          <StatusSwitch
            row={row}
            name={t('resource.statusOf', { name: rowName(row, f) })}
            change={changeStatus.mutateAsync}
          />
        );
      },
    });
  }
  if (canEdit || canDelete) {
    columns.push({
      accessor: 'actions',
      title: t('resource.actions'),
      textAlign: 'right',
      noWrap: true,
      render: (row) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {canEdit && (
            <Button
              size="compact-sm"
              variant="subtle"
              aria-label={t('resource.editName', { name: rowName(row, f) })}
              onClick={() => setTarget({ mode: 'edit', id: row.id })}
            >
              {t('resource.edit')}
            </Button>
          )}
          {canDelete && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              aria-label={t('resource.deleteName', { name: rowName(row, f) })}
              onClick={() => confirmDelete([row])}
            >
              {t('resource.delete')}
            </Button>
          )}
        </Group>
      ),
    });
  }

  const title = t(config.title);
  const filterSize: MantineSize = 'sm';
  return (
    <>
      <PageHeader title={title}>
        {canCreate && (
          <Button onClick={() => setTarget({ mode: 'create' })}>
            {t('resource.createTitle', { name: t(config.one) })}
          </Button>
        )}
        <ExportButton
          path={`/${config.name}/export`}
          query={{ filters }}
          fallbackName={config.name}
        />
      </PageHeader>
      <Group mb="sm" gap="sm" align="flex-end" grow preventGrowOverflow={false}>
        {config.search !== false && (
          <TextInput
            size={filterSize}
            label={t('resource.search')}
            name="q"
            type="search"
            placeholder={t(config.searchHint ?? 'resource.searchPlaceholder')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            miw={180}
          />
        )}
        {filterDefs.map((def) => {
          const parentField = def.kind === 'select' ? def.filterBy?.field : undefined;
          return (
            <FilterSelect
              key={def.name}
              def={def}
              value={params.get(def.name) ?? ''}
              parentValue={parentField ? (params.get(parentField) ?? '') : undefined}
              onChange={(v) => setParam(def.name, v, filterDependents(def.name))}
            />
          );
        })}
        {config.statusFilter !== false && (
          <NativeSelect
            size={filterSize}
            label={t('resource.status')}
            name="status"
            value={status}
            onChange={(e) => setParam(PARAM_STATUS, e.currentTarget.value)}
            data={[
              { value: '', label: t('resource.allStatuses') },
              { value: '1', label: t('resource.active') },
              { value: '0', label: t('resource.inactive') },
            ]}
            miw={140}
          />
        )}
      </Group>
      {canDelete && selected.length > 0 && (
        <Group mb="sm" gap="sm">
          <Text size="sm">{t('resource.selectedCount', { n: f.num(selected.length) })}</Text>
          <Button size="xs" color="red" variant="light" onClick={() => confirmDelete(selected)}>
            {t('resource.deleteSelected')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setSelected([])}>
            {t('resource.clearSelection')}
          </Button>
        </Group>
      )}
      <ListTable<ResourceRow>
        resource={`/${config.name}`}
        label={title}
        columns={columns}
        card={config.card}
        filters={filters}
        rowLabel={(r) => rowName(r, f)}
        {...(canDelete ? { selectedRecords: selected, onSelectedRecordsChange: setSelected } : {})}
      />
      {(canCreate || canEdit) && (
        <ResourceFormDialog
          config={config}
          target={target}
          onClose={() => setTarget(null)}
          onSaved={onSaved}
        />
      )}
    </>
  );
}

/** The page of one resource, behind its route requirement (SPEC §2, §6). */
export default function ResourcePage({ resource }: { resource: string }) {
  const config = CONFIGS[resource];
  const route = routeOf(resource);
  return (
    <RequirePermission perms={route?.perms ?? [`view-${resource}`]}>
      {/* A fresh page (selection, dialog, search box) per resource. */}
      <ResourceList key={resource} config={config} />
    </RequirePermission>
  );
}
