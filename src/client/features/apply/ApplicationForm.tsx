/**
 * The one business registration form (SPEC §2 `single_registration`, `multiple_registration`,
 * `edit-registration/{id}`; SPEC §3 every application field). Validated with the shared
 * application schema — the one the server applies — on the exact strings that are sent
 * (rupees, AD dates, `owners` as JSON), so the messages are the server's catalogue keys.
 * Dates are typed as BS `YYYY-MM-DD` and sent as AD. Submitted as multipart to
 * POST /api/applications (create) or POST /api/applications/{id} (edit); 422 field errors land
 * on the fields.
 *
 * Files (issue 4 contract): the photo and citizenship certificate come from the applicant's
 * profile, not from this form. The form offers the setup's required files for its mode
 * (GET /api/required-files/all: create → requiredIn create|both, edit → update|both) as
 * `doc_<slug>`, and the scan of the paper certificate `oldCertificate` for an old
 * registration. A fee estimate (POST /api/applications/quote) follows the form as it is
 * filled.
 *
 * Dropdowns are native selects: small lists, the phone's own picker, and a plain `name`
 * attribute for end-to-end tests. Every input's `name` equals its form field.
 *
 * Steps (issue 17 §2): business → owners → addresses → capital and premises → documents →
 * check your answers, each a short page with "Step n of 6", Back and Continue; the step is in
 * the URL (`?step=owners`), so the browser's Back works and a reload stays on it, with the
 * draft. Continue checks every field of the step in one pass (the same shared schema) and
 * shows an error summary at the top, linking to each field, plus the message at the field;
 * errors of the final submit (client or server) open the step that holds them. An edit starts
 * at "check your answers", where each answer links back to its step.
 *
 * This module is the form's shell (state, steps, submit); each section is a component of
 * ./sections, built from the helpers of ./formKit.tsx; the values and their checks are in
 * ./formModel.ts, the steps' fields in ./steps.ts.
 */
import { Alert, Button, Group, Progress, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useFieldArray, useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useCan, useCurrentUser } from '../../lib/auth';
import { checkUpload } from '../../lib/forms';
import { tMessage } from '../../lib/i18n';
import { draftKey, useFormDraft } from '../../lib/useFormDraft';
import { useFormat } from '../../lib/useFormat';
import { useAllOptions } from '../../lib/useOptions';
import { FeeEstimate } from '../billing';
import type {
  BusinessTypeOption,
  CityOption,
  DistrictOption,
  RequiredFile,
  StateOption,
  WardOption,
} from '../registrations';
import { CheckAnswers, reviewRows } from './CheckAnswers';
import { ErrorSummary } from './ErrorSummary';
import { makeFormKit } from './formKit';
import {
  docSpecs,
  emptyValues,
  makeResolver,
  SELECT_FIELDS,
  validate,
  type ApplicationFormValues,
  type FileRules,
  type Kind,
  type Mode,
} from './formModel';
import { ApplicantSection } from './sections/ApplicantSection';
import { LocationSection, PermanentAddressSection } from './sections/AddressSections';
import { BusinessSection } from './sections/BusinessSection';
import { CapitalSection, CardSection, OtherRegistrationSection } from './sections/CapitalSections';
import { DocumentsSection } from './sections/DocumentsSection';
import { LandSection } from './sections/LandSection';
import { OldRegistrationSection } from './sections/OldRegistrationSection';
import { OwnersSection, SingleOwnerSection } from './sections/OwnersSection';
import { RentSection } from './sections/RentSection';
import {
  firstStepOf,
  flattenErrors,
  parseStep,
  pathsOfStep,
  stepOf,
  STEPS,
  type Step,
} from './steps';
import { makeSubmit } from './submitApplication';

// The form's values and checks, as this module has always offered them.
export {
  BASE_FIELDS,
  docField,
  docSpecs,
  emptyValues,
  LAND_FIELDS,
  OLD_REG_FIELDS,
  RENT_FIELDS,
  toWire,
  validate,
  type ApplicationFormValues,
  type DocSpec,
  type Kind,
  type OwnerRow,
} from './formModel';

export interface ApplicationFormProps {
  kind?: Kind;
  mode?: Mode;
  /** The application edited (mode 'edit'). */
  applicationId?: number;
  /** Pre-filled values (edit). */
  initial?: ApplicationFormValues;
  /** Kinds of the documents already on the application (edit). */
  existingKinds?: string[];
}

export function ApplicationForm({
  kind = 'single',
  mode = 'create',
  applicationId,
  initial,
  existingKinds = [],
}: ApplicationFormProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const canQuote = useCan('create-applications', 'renew-applications');
  const requiredFiles = useAllOptions<RequiredFile>('required-files');
  const docs = docSpecs(requiredFiles.data ?? [], mode, existingKinds);
  // The resolver is made once; it reads the documents asked for as they are now.
  const rules = useRef<FileRules>({ docs: [], oldCertificateRequired: false });
  rules.current = {
    docs,
    oldCertificateRequired: mode === 'create' || !existingKinds.includes('old-certificate'),
  };
  const [resolver] = useState(() => makeResolver(kind, mode, () => rules.current));
  const form = useForm<ApplicationFormValues>({
    resolver,
    defaultValues: initial ?? emptyValues(kind),
  });
  const {
    control,
    setValue,
    getValues,
    setError,
    clearErrors,
    setFocus,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  // Issue 7 §6: the values (and chosen files) stay on this device until submitted.
  const user = useCurrentUser();
  const userId = user.id;
  const draft = useFormDraft(
    { watch, getValues, reset },
    userId
      ? draftKey(
          userId,
          mode === 'edit' ? `application:edit:${applicationId}` : `application:${kind}`,
        )
      : null,
  );
  /** Where the Idempotency-Key of a new submission is kept (lib/idempotency.ts). */
  const keySlot = `application:${kind}:${userId ?? 0}`;
  /** The last submit found no connection; the draft is kept. */
  const [offline, setOffline] = useState(false);
  const owners = useFieldArray({ control, name: 'owners' });

  const [params, setParams] = useSearchParams();
  const step = parseStep(params.get('step'), mode === 'edit' ? 'check' : 'business');
  const stepNo = STEPS.indexOf(step);
  /** The error summary is shown (after Continue or submit found problems on this step). */
  const [summary, setSummary] = useState(false);
  /** The field to focus once its step is on screen. */
  const [focusPath, setFocusPath] = useState<string | null>(null);
  const top = useRef<HTMLDivElement>(null);

  const stateId = Number(watch('permStateId')) || 0;
  const districtId = Number(watch('permDistrictId')) || 0;
  const cityId = Number(watch('permCityId')) || 0;
  const hasRent = watch('hasRent');
  const hasLand = watch('hasLand');
  const isOld = watch('isOldRegistration');

  const businessTypes = useAllOptions<BusinessTypeOption>('business-types');
  const states = useAllOptions<StateOption>('states');
  const districts = useAllOptions<DistrictOption>('districts', { stateId }, stateId > 0);
  const cities = useAllOptions<CityOption>('cities', { districtId }, districtId > 0);
  const wards = useAllOptions<WardOption>('wards');
  const city = cities.data?.find((c) => c.id === cityId);

  // A pre-filled (edited) select keeps its value once its options arrive from the server.
  useEffect(() => {
    for (const k of SELECT_FIELDS) {
      const v = getValues(k);
      if (v) setValue(k, v);
    }
  }, [
    businessTypes.data,
    states.data,
    districts.data,
    cities.data,
    wards.data,
    step,
    getValues,
    setValue,
  ]);

  // Toasts of the screen before do not carry over to this one (issue 17 §2).
  useEffect(() => {
    notifications.clean();
    return () => notifications.clean();
  }, [step]);

  // Once the step with the field is rendered, focus the field (error link, "Change"). The
  // step's lists may still be arriving and re-rendering it: try again for a moment.
  useEffect(() => {
    if (!focusPath) return;
    const focus = focusNow.current;
    let tries = 0;
    const id = window.setInterval(() => {
      tries += 1;
      if (focus(focusPath) || tries >= 20) {
        window.clearInterval(id);
        setFocusPath(null);
      }
    }, 50);
    return () => window.clearInterval(id);
  }, [focusPath]);

  /** Focuses the field of `path`; true when it has the focus. */
  function focusField(path: string): boolean {
    const name = path.startsWith('docs.') ? `doc_${path.slice(5)}` : path;
    const el = document.querySelector<HTMLElement>(`form [name="${CSS.escape(name)}"]`);
    if (el && !el.hasAttribute('disabled') && el.getAttribute('type') !== 'file') {
      el.focus();
      el.scrollIntoView({ block: 'center' });
      return document.activeElement === el;
    }
    try {
      setFocus(path as Path<ApplicationFormValues>, { shouldSelect: false });
    } catch {
      // a field without a focusable element: the summary stays
    }
    return el != null && document.activeElement !== document.body;
  }

  const focusNow = useRef(focusField);
  focusNow.current = focusField;

  function goTo(next: Step, opts: { focus?: string; keepSummary?: boolean } = {}) {
    setSummary(Boolean(opts.keepSummary));
    setFocusPath(opts.focus ?? null);
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        q.set('step', next);
        return q;
      },
      { preventScrollReset: false },
    );
    if (!opts.focus) top.current?.scrollIntoView({ block: 'start' });
  }

  /** Checks every field of this step in one pass; true when it may be left. */
  function checkStep(): boolean {
    const values = getValues();
    const flat = validate(values, kind, mode, rules.current);
    const out: Record<string, string> = {};
    for (const [k, e] of Object.entries(flat)) out[k] = e.message;
    if (step === 'documents') {
      for (const d of docs) {
        const problem = checkUpload(values.docs[d.file.slug]);
        if (problem) out[`docs.${d.file.slug}`] = problem;
      }
      const problem = values.isOldRegistration ? checkUpload(values.oldCertificate) : null;
      if (problem) out.oldCertificate = problem;
    }
    const mine = pathsOfStep(out, step);
    clearErrors();
    for (const p of mine) {
      setError(p as Path<ApplicationFormValues>, { type: 'validate', message: out[p] });
    }
    setSummary(mine.length > 0);
    return mine.length === 0;
  }

  const kit = makeFormKit({ t, f, form, errors });

  const onSubmit = makeSubmit({
    form,
    kind,
    mode,
    applicationId,
    docs,
    draft,
    keySlot,
    setOffline,
    t,
    qc,
    navigate,
    onErrors: (paths) => {
      const at = firstStepOf(paths);
      if (at && at !== step) goTo(at, { keepSummary: true });
      else setSummary(true);
    },
  });

  /** "Business name: This field is required" for the summary. */
  function labelOf(path: string): string {
    const [head, i, k] = path.split('.');
    if (head === 'owners' && i !== undefined && k !== undefined) {
      return `${t('form.ownerN', { n: f.num(Number(i) + 1) })}, ${t(`form.owner.${k}`)}`;
    }
    if (head === 'owners') return t('form.sections.owners');
    if (head === 'docs') {
      const d = docs.find((x) => x.file.slug === i);
      return d ? f.name(d.file) : t('form.sections.documents');
    }
    return t(`form.${head}`);
  }
  const flatErrors = flattenErrors(errors);
  const summaryItems = summary
    ? pathsOfStep(flatErrors, step).map((p) => ({
        path: p,
        text: `${labelOf(p)}: ${tMessage(flatErrors[p])}`,
      }))
    : [];

  const uploadHelp =
    mode === 'edit' ? `${t('form.uploadHelp')}. ${t('form.uploadKeep')}` : t('form.uploadHelp');
  const ownProfile = mode === 'create' || user.userType === 'user';

  const body: Record<Step, ReactNode> = {
    business: (
      <>
        <BusinessSection kit={kit} businessTypes={businessTypes.data} />
        <OtherRegistrationSection kit={kit} />
        <OldRegistrationSection kit={kit} isOld={isOld} />
      </>
    ),
    owners: (
      <>
        {kind === 'multiple' ? (
          <OwnersSection kit={kit} owners={owners} />
        ) : (
          <SingleOwnerSection kit={kit} />
        )}
        <ApplicantSection kit={kit} />
      </>
    ),
    addresses: (
      <>
        <PermanentAddressSection
          kit={kit}
          states={states.data}
          districts={districts.data}
          cities={cities.data}
          stateId={stateId}
          districtId={districtId}
          city={city}
        />
        <LocationSection kit={kit} wards={wards.data} />
      </>
    ),
    capital: (
      <>
        <CapitalSection kit={kit} />
        <CardSection kit={kit} />
        <RentSection kit={kit} hasRent={hasRent} />
        <LandSection kit={kit} hasLand={hasLand} />
      </>
    ),
    documents: (
      <DocumentsSection
        kit={kit}
        docs={docs}
        pending={requiredFiles.isPending}
        uploadHelp={uploadHelp}
        profile={ownProfile ? user : undefined}
        oldCertificate={isOld ? { required: rules.current.oldCertificateRequired } : undefined}
      />
    ),
    check: (
      <>
        <CheckAnswers
          t={t}
          rows={reviewRows(
            getValues(),
            {
              kind,
              businessTypes: businessTypes.data,
              states: states.data,
              districts: districts.data,
              cities: cities.data,
              wards: wards.data,
              docs,
              existingKinds,
            },
            t,
            f,
          )}
          onChange={(path) => goTo(stepOf(path), { focus: path })}
        />
        {canQuote && (
          <FeeEstimate
            input={{
              businessTypeId: watch('businessTypeId'),
              capitalCurrent: watch('capitalCurrent'),
              rentMonthly: hasRent ? watch('rentMonthly') : undefined,
              rentTaxPeriodMonths: hasRent ? watch('rentTaxPeriodMonths') : undefined,
            }}
          />
        )}
      </>
    ),
  };

  const last = step === 'check';
  return (
    <form
      onSubmit={(e) => {
        if (last) return void onSubmit(e);
        e.preventDefault();
        if (checkStep()) goTo(STEPS[stepNo + 1]);
      }}
      noValidate
      aria-label={t(
        mode === 'edit'
          ? 'form.titleEdit'
          : kind === 'multiple'
            ? 'form.titleMultiple'
            : 'form.title',
      )}
    >
      <div ref={top} style={{ scrollMarginTop: 80 }}>
        <Text size="sm" c="dimmed" data-testid="step-indicator">
          {t('steps.indicator', {
            n: f.num(stepNo + 1),
            total: f.num(STEPS.length),
            name: t(`steps.names.${step}`),
          })}
        </Text>
        <Progress
          value={((stepNo + 1) / STEPS.length) * 100}
          size="sm"
          mt={4}
          mb="sm"
          aria-hidden
        />
        <Title order={2} size="h3" mb="xs">
          {t(`steps.names.${step}`)}
        </Title>
      </div>
      <ErrorSummary items={summaryItems} onPick={focusField} />
      {step !== 'check' && (
        <Text c="dimmed" size="sm" mb="md">
          {t('form.intro')}
        </Text>
      )}
      {draft.restored && (
        <Alert color="blue" mb="md" title={t('offline.draftRestored')}>
          <Text size="sm">{t('offline.draftRestoredText')}</Text>
          <Button size="xs" variant="light" mt="xs" onClick={() => void draft.discard()}>
            {t('offline.discardDraft')}
          </Button>
        </Alert>
      )}
      <div style={{ display: 'grid', gap: 'var(--mantine-spacing-md)' }}>{body[step]}</div>

      {offline && (
        <Alert color="orange" role="alert" mt="md">
          {t('offline.submitOffline')}
        </Alert>
      )}
      {draft.savedAt !== null && (
        <Text size="sm" c="dimmed" mt="md" ta="right" role="status">
          {t('offline.draftSaved')}
        </Text>
      )}
      <Group justify="space-between" mt={draft.savedAt !== null ? 'xs' : 'md'}>
        {stepNo > 0 ? (
          <Button variant="default" onClick={() => goTo(STEPS[stepNo - 1])}>
            {t('steps.back')}
          </Button>
        ) : (
          <Button
            variant="default"
            onClick={() =>
              void navigate(
                mode === 'edit' && applicationId
                  ? `/business/applications/${applicationId}/detail`
                  : '/apply-new',
              )
            }
          >
            {t('common.cancel')}
          </Button>
        )}
        <Button type="submit" loading={isSubmitting}>
          {last ? t(mode === 'edit' ? 'form.save' : 'form.submit') : t('steps.continue')}
        </Button>
      </Group>
    </form>
  );
}
