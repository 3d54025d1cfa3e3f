/**
 * Edit an application (SPEC §2 `edit-registration/{id}`): the detail answer fills the
 * application form (paisa → rupees, AD → BS text) and the form posts to
 * POST /api/applications/{id}. The server decides who may edit (`canEdit`).
 */
import { Alert, Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { adToBs, formatBs } from '../../../shared/bs-date.js';
import { NotFoundAlert } from '../../components/NotFoundAlert';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { RequirePermission } from '../../components/RequirePermission';
import { useFormat } from '../../lib/useFormat';
import {
  ApplicationForm,
  BASE_FIELDS,
  emptyValues,
  LAND_FIELDS,
  RENT_FIELDS,
  type ApplicationFormValues,
} from '../apply';
import { kindOf, useApplicationDetail } from './api';
import type { ApplicationDetail } from './types';

const MONEY = new Set(['capitalMax', 'capitalCurrent', 'capitalPaidUp', 'rentMonthly']);
const DATES = new Set(['rentStartDate', 'oldRegistrationDate']);

/** Paisa → rupees as typed in the form ('150000', '1500.5'). */
function paisaToRupees(p: number): string {
  return p % 100 === 0 ? String(p / 100) : (p / 100).toFixed(2);
}

/** AD 'YYYY-MM-DD' → BS text in Latin digits (the form reads either). */
function adToBsText(ad: string): string {
  try {
    return formatBs(adToBs(ad), 'en-US');
  } catch {
    return ad;
  }
}

function asText(key: string, v: unknown): string {
  if (v === null || v === undefined) return '';
  if (MONEY.has(key) && typeof v === 'number') return paisaToRupees(v);
  if (DATES.has(key) && typeof v === 'string') return adToBsText(v.slice(0, 10));
  return String(v);
}

/** The form values of a stored application. */
export function valuesFromDetail(d: ApplicationDetail): ApplicationFormValues {
  const kind = kindOf(d);
  const v = emptyValues(kind);
  const rec = d as unknown as Record<string, unknown>;
  const fill = (keys: readonly string[]) => {
    for (const k of keys) (v as Record<string, unknown>)[k] = asText(k, rec[k]);
  };
  fill(BASE_FIELDS);
  fill(RENT_FIELDS);
  fill(LAND_FIELDS);
  fill(['oldRegistrationNo', 'oldRegistrationDate']);
  if (!v.wardId && d.ward) v.wardId = String(d.ward.id);
  v.hasRent = RENT_FIELDS.some((k) => v[k] !== '');
  v.hasLand = LAND_FIELDS.some((k) => v[k] !== '');
  v.isOldRegistration = Boolean(d.isOldRegistration) || v.oldRegistrationNo !== '';
  if (kind === 'multiple') {
    const owners = [...(d.owners ?? [])].sort((a, b) => a.position - b.position);
    v.owners = owners.map((o) => ({
      name: o.name,
      fatherOrHusbandName: o.fatherOrHusbandName,
      citizenshipNo: o.citizenshipNo ?? '',
    }));
    while (v.owners.length < 2) {
      v.owners.push({ name: '', fatherOrHusbandName: '', citizenshipNo: '' });
    }
  }
  return v;
}

function Edit({ id }: { id: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const q = useApplicationDetail(id, f.lang);
  if (q.isPending) return <PageLoader />;
  const d = q.data?.data;
  if (q.isError || !d) {
    return <NotFoundAlert to="/business/applications">{t('detail.backToList')}</NotFoundAlert>;
  }
  if (d.canEdit === false) {
    return (
      <Alert color="orange" title={t('form.cannotEdit')}>
        <Anchor component={Link} to={`/business/applications/${id}/detail`}>
          {d.businessName}
        </Anchor>
      </Alert>
    );
  }
  return (
    <ApplicationForm
      key={id}
      mode="edit"
      kind={kindOf(d)}
      applicationId={id}
      initial={valuesFromDetail(d)}
      existingKinds={d.documents.map((doc) => doc.kind)}
    />
  );
}

export default function EditRegistrationPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <RequirePermission perms={['view-applications']}>
      <PageHeader title={t('form.titleEdit')} />
      <Edit id={Number(id)} />
    </RequirePermission>
  );
}
