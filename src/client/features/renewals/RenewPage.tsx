/**
 * Renew a registration (SPEC §2 `re-new-registration/{id}`; issue 4 contract "Renewal"): the
 * registration's summary, the fee estimate of the renewal (POST /api/applications/quote with
 * `renewalOf`: business tax per fiscal year due, fine per month late), and the two compulsory
 * scans. POST /api/applications/{id}/renew creates the renewal application, which then goes
 * verify → pay → approve like a new one.
 */
import { Alert, Anchor, Button, Card, FileInput, Group, Stack, Title } from '@mantine/core';
import { GrowingTextarea } from '../../components/GrowingTextarea';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { BsDate } from '../../components/BsDate';
import { data, InfoGrid } from '../../components/InfoGrid';
import { NotFoundAlert } from '../../components/NotFoundAlert';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { RequirePermission } from '../../components/RequirePermission';
import { api, ApiError, type Envelope } from '../../lib/api';
import { checkUpload, UPLOAD_ACCEPT } from '../../lib/forms';
import { tMessage } from '../../lib/i18n';
import { useFormat } from '../../lib/useFormat';
import { FeeEstimate } from '../billing';
import { detailKey, useApplicationDetail, type ApplicationDetail } from '../registrations';
import { Arrow } from '../../components/Arrow';

type Field = 'renewProof' | 'oldCertificate' | 'remarks';

/** Paisa → rupees as the quote reads them (the form's unit). */
const rupees = (paisa: number | null | undefined) =>
  paisa == null ? '' : paisa % 100 === 0 ? String(paisa / 100) : (paisa / 100).toFixed(2);

function RenewForm({ d }: { d: ApplicationDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [files, setFiles] = useState<Record<'renewProof' | 'oldCertificate', File | null>>({
    renewProof: null,
    oldCertificate: null,
  });
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const choose = (k: 'renewProof' | 'oldCertificate') => (file: File | null) => {
    setFiles((prev) => ({ ...prev, [k]: file }));
    setErrors((prev) => ({ ...prev, [k]: checkUpload(file) ?? undefined }));
  };

  async function submit() {
    const next: Partial<Record<Field, string>> = {};
    for (const k of ['renewProof', 'oldCertificate'] as const) {
      const problem = files[k] ? checkUpload(files[k]) : 'validation.required';
      if (problem) next[k] = problem;
    }
    setErrors(next);
    if (Object.keys(next).length) return;
    setSaving(true);
    try {
      const res = await api.post<Envelope<{ id: number; submissionNo: string }>>(
        `/applications/${d.id}/renew`,
        {
          renewProof: files.renewProof ?? undefined,
          oldCertificate: files.oldCertificate ?? undefined,
          remarks: remarks.trim() || undefined,
        },
      );
      void qc.invalidateQueries({ queryKey: ['/applications/renewals'] });
      void qc.invalidateQueries({ queryKey: ['/applications', 'list'] });
      void qc.invalidateQueries({ queryKey: detailKey(d.id) });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
      await navigate('/apply-new/success', { state: res.data });
    } catch (e) {
      if (!(e instanceof ApiError)) return;
      const fieldErrors: Partial<Record<Field, string>> = {};
      for (const k of ['renewProof', 'oldCertificate', 'remarks'] as const) {
        if (e.errors[k]?.length) fieldErrors[k] = e.errors[k][0];
      }
      setErrors(fieldErrors);
      // 409: not approved, not due yet, or a renewal already open; the message says which.
      if (e.status === 409) setRefusal(e.message);
    } finally {
      setSaving(false);
    }
  }

  const file = (k: 'renewProof' | 'oldCertificate') => (
    <FileInput
      name={k}
      label={t(`renewal.${k}`)}
      description={t('renewal.filesHelp')}
      placeholder={t('form.chooseFile')}
      required
      clearable
      accept={UPLOAD_ACCEPT}
      value={files[k]}
      onChange={choose(k)}
      error={tMessage(errors[k])}
    />
  );

  return (
    <Stack gap="md" maw={900}>
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="reg-title">
        <Title order={3} size="h4" mb="sm" id="reg-title" translate="no">
          {d.businessName}
        </Title>
        <InfoGrid
          cols={{ base: 2, md: 3 }}
          items={[
            [t('applications.registrationNo'), data(f.digits(d.registrationNo))],
            [t('applications.ownerName'), data(d.ownerName)],
            [t('applications.businessType'), f.name(d.businessType)],
            [t('applications.ward'), `${f.num(d.ward.number)} — ${f.name(d.ward)}`],
            [t('detail.registrationDate'), <BsDate key="reg" value={d.registrationDate} />],
            [t('renewal.expiryDate'), <BsDate key="exp" value={d.expiryDate} />],
            [t('form.capitalCurrent'), f.money(d.capitalCurrent)],
          ]}
        />
        <Anchor component={Link} to={`/business/applications/${d.id}/detail`} size="sm" mt="sm">
          {t('renewal.viewRegistration')} <Arrow />
        </Anchor>
      </Card>

      <FeeEstimate
        input={{
          businessTypeId: String(d.businessTypeId ?? ''),
          capitalCurrent: rupees(d.capitalCurrent),
          rentMonthly: d.rentMonthly != null ? rupees(d.rentMonthly) : undefined,
          rentTaxPeriodMonths: d.rentTaxPeriodMonths ? String(d.rentTaxPeriodMonths) : undefined,
          renewalOf: d.id,
        }}
        footer={t('renewal.newExpiry')}
      />

      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="renew-files">
        <Title order={3} size="h4" mb="sm" id="renew-files">
          {t('form.sections.documents')}
        </Title>
        <Stack gap="sm">
          {file('renewProof')}
          {file('oldCertificate')}
          <GrowingTextarea
            label={t('actions.remarks')}
            name="remarks"
            minRows={2}
            maxLength={1000}
            value={remarks}
            onChange={(e) => setRemarks(e.currentTarget.value)}
            error={tMessage(errors.remarks)}
          />
        </Stack>
      </Card>

      {refusal && (
        <Alert color="orange" role="alert">
          {refusal}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" component={Link} to="/renewRegistrationList">
          {t('common.cancel')}
        </Button>
        <Button color="teal" loading={saving} onClick={() => void submit()}>
          {t('renewal.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

function Renew({ id }: { id: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const q = useApplicationDetail(id, f.lang);
  if (q.isPending) return <PageLoader />;
  const d = q.data?.data;
  if (q.isError || !d) {
    return <NotFoundAlert to="/renewRegistrationList">{t('renewal.listTitle')}</NotFoundAlert>;
  }
  // The server decides (approved, due, no renewal open, actor may renew).
  if (d.canRenew === false) {
    return (
      <Alert color="orange" title={t('renewal.cannotRenew')} maw={720}>
        <Stack gap={4}>
          <Anchor component={Link} to={`/business/applications/${d.id}/detail`} translate="no">
            {d.businessName}
          </Anchor>
          {d.openRenewalId != null && (
            <Anchor component={Link} to={`/business/applications/${d.openRenewalId}/detail`}>
              {t('renewal.viewRenewal')}
            </Anchor>
          )}
        </Stack>
      </Alert>
    );
  }
  return <RenewForm d={d} />;
}

export default function RenewPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <RequirePermission perms={['renew-applications']}>
      <PageHeader title={t('renewal.pageTitle')} />
      <Renew id={Number(id)} />
    </RequirePermission>
  );
}
