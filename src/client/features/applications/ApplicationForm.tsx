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
 */
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  FileInput,
  Group,
  NativeSelect,
  SimpleGrid,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  Controller,
  useFieldArray,
  useForm,
  type FieldErrors,
  type Resolver,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { bsToAd, parseBs } from '../../../shared/bs-date.js';
import {
  applicationCreateSchema,
  applicationUpdateSchema,
  DOC_FIELD_PREFIX,
  MAX_OWNERS,
  MIN_OWNERS,
  RENT_REQUIRED,
  RENT_FIELDS,
} from '../../../shared/schemas/applications.js';
import { BsDatePicker } from '../../components/BsDatePicker';
import { api, ApiError, request, type Envelope } from '../../lib/api';
import {
  forgetSubmissionKey,
  formFingerprint,
  keepKeyAfter,
  submissionKey,
} from '../../lib/idempotency';
import { PROFILE_KEY, useCan, useCurrentUser } from '../../lib/auth';
import { applyServerErrors, checkUpload, UPLOAD_ACCEPT } from '../../lib/forms';
import { tMessage } from '../../lib/i18n';
import { draftKey, useFormDraft } from '../../lib/useFormDraft';
import { useFormat } from '../../lib/useFormat';
import { detailKey } from './api';
import { FeeEstimate } from './FeeEstimate';
import type {
  BusinessTypeOption,
  CityOption,
  DistrictOption,
  RequiredFile,
  StateOption,
  WardOption,
} from './types';
import { useAllOptions } from './useOptions';

export const BASE_FIELDS = [
  'businessName',
  'ownerName',
  'fatherOrHusbandName',
  'businessTypeId',
  'firmName',
  'description',
  'permStateId',
  'permDistrictId',
  'permCityId',
  'permWardNo',
  'permTole',
  'permChowk',
  'wardId',
  'locAddress',
  'locTole',
  'locMobile',
  'capitalMax',
  'capitalCurrent',
  'capitalPaidUp',
  'cardLength',
  'cardWidth',
  'otherRegNo',
  'otherRegOffice',
  'applicantName',
  'applicantAddress',
  'applicantContact',
] as const;
/** The rent group's fields: the shared schema's list, so form and rule cannot drift. */
export { RENT_FIELDS };
export const LAND_FIELDS = [
  'landCurrentCity',
  'landWardNo',
  'landPreviousVdc',
  'landSeatNo',
  'landKittaNo',
  'landArea',
] as const;
export const OLD_REG_FIELDS = ['oldRegistrationNo', 'oldRegistrationDate'] as const;
/** Typed as BS text, sent as AD. */
const DATE_FIELDS: readonly string[] = ['rentStartDate', 'oldRegistrationDate'];
const TEXT_FIELDS = [...BASE_FIELDS, ...RENT_FIELDS, ...LAND_FIELDS, ...OLD_REG_FIELDS] as const;
const SELECT_FIELDS = [
  'businessTypeId',
  'permStateId',
  'permDistrictId',
  'permCityId',
  'permWardNo',
  'wardId',
  'rentTaxPeriodMonths',
  'rentPurpose',
] as const;
const OWNER_FIELDS = ['name', 'fatherOrHusbandName', 'citizenshipNo'] as const;

type TextField = (typeof TEXT_FIELDS)[number];
export type OwnerRow = Record<(typeof OWNER_FIELDS)[number], string>;
export type Kind = 'single' | 'multiple';

/**
 * What the form holds: raw strings as typed (dates in BS), switches, owners, and files: the
 * required files by slug (sent as `doc_<slug>`) and the old certificate scan.
 */
export type ApplicationFormValues = Record<TextField, string> & {
  hasRent: boolean;
  hasLand: boolean;
  isOldRegistration: boolean;
  owners: OwnerRow[];
  docs: Record<string, File | null>;
  oldCertificate: File | null;
};

const emptyOwner = (): OwnerRow => ({ name: '', fatherOrHusbandName: '', citizenshipNo: '' });

export function emptyValues(kind: Kind): ApplicationFormValues {
  return {
    ...(Object.fromEntries(TEXT_FIELDS.map((k) => [k, ''])) as Record<TextField, string>),
    docs: {},
    oldCertificate: null,
    hasRent: false,
    hasLand: false,
    isOldRegistration: false,
    owners: kind === 'multiple' ? [emptyOwner(), emptyOwner()] : [],
  };
}

type Mode = 'create' | 'edit';

/** The multipart field of a required file. */
export const docField = (slug: string) => `${DOC_FIELD_PREFIX}${slug}`;

/** A file input of the documents group: which file, and whether it must be chosen now. */
export interface DocSpec {
  file: RequiredFile;
  required: boolean;
}

/**
 * The required files this form offers. Create: requiredIn create|both. Edit: update|both, and
 * one already on the application (`existingKinds`) need not be sent again.
 */
export function docSpecs(
  files: readonly RequiredFile[],
  mode: Mode,
  existingKinds: readonly string[] = [],
): DocSpec[] {
  const wanted = mode === 'create' ? ['create', 'both'] : ['update', 'both'];
  return files
    .filter((f) => wanted.includes(f.requiredIn))
    .map((file) => ({
      file,
      required: file.isRequired && (mode === 'create' || !existingKinds.includes(file.slug)),
    }));
}

/** What validation needs besides the values: the documents asked for. */
interface FileRules {
  docs: DocSpec[];
  /** The old certificate scan must be chosen (old registration without a stored scan). */
  oldCertificateRequired: boolean;
}

/** Field names the server may name in a 422 answer. */
const SERVER_FIELDS: readonly string[] = [
  ...TEXT_FIELDS,
  'oldCertificate',
  'owners',
  'isOldRegistration',
  ...Array.from({ length: MAX_OWNERS }, (_, i) =>
    OWNER_FIELDS.map((k) => `owners.${i}.${k}`),
  ).flat(),
];

/** BS text → AD; '' stays '', an unreadable date is sent as typed (and refused). */
function bsTextToAd(s: string): string {
  const text = s.trim();
  if (!text) return '';
  const bs = parseBs(text);
  if (!bs) return text;
  try {
    return bsToAd(bs);
  } catch {
    return text;
  }
}

/**
 * The strings sent for these values. On create empty fields are left out; on edit every
 * field is sent (empty clears it), the whole form like the setup dialogs.
 */
export function toWire(v: ApplicationFormValues, kind: Kind, mode: Mode): Record<string, string> {
  const out: Record<string, string> = { kind };
  const put = (k: string, raw: string, on: boolean) => {
    const s = on ? (DATE_FIELDS.includes(k) ? bsTextToAd(raw) : raw.trim()) : '';
    if (s !== '' || mode === 'edit') out[k] = s;
  };
  for (const k of BASE_FIELDS) put(k, v[k], true);
  for (const k of RENT_FIELDS) put(k, v[k], v.hasRent);
  for (const k of LAND_FIELDS) put(k, v[k], v.hasLand);
  out.isOldRegistration = v.isOldRegistration ? '1' : '0';
  for (const k of OLD_REG_FIELDS) put(k, v[k], v.isOldRegistration);
  if (kind === 'multiple') {
    const owners = v.owners.map((o) => ({
      name: o.name.trim(),
      fatherOrHusbandName: o.fatherOrHusbandName.trim(),
      ...(o.citizenshipNo.trim() ? { citizenshipNo: o.citizenshipNo.trim() } : {}),
    }));
    out.owners = JSON.stringify(owners);
    // The first owner is the application's owner of record.
    out.ownerName = owners[0]?.name ?? '';
    out.fatherOrHusbandName = owners[0]?.fatherOrHusbandName ?? '';
  }
  return out;
}

/** The shared schema of the server's route for this mode. */
const schemaFor = (mode: Mode) =>
  mode === 'edit' ? applicationUpdateSchema : applicationCreateSchema;

type Errors = Record<string, { type: string; message: string }>;

/** Where a schema issue goes in the form (owners' rows and the owner of record). */
function formPath(path: PropertyKey[], kind: Kind): string {
  const [head, i, k] = path.map(String);
  if (head === 'owners') return i !== undefined && k !== undefined ? `owners.${i}.${k}` : 'owners';
  if (kind === 'multiple' && head === 'ownerName') return 'owners.0.name';
  if (kind === 'multiple' && head === 'fatherOrHusbandName') return 'owners.0.fatherOrHusbandName';
  return head ?? 'root';
}

/** Validates the wire strings with the shared schema, plus the checks only the form can make. */
export function validate(
  v: ApplicationFormValues,
  kind: Kind,
  mode: Mode,
  files: FileRules = { docs: [], oldCertificateRequired: false },
): Errors {
  const errors: Errors = {};
  const add = (path: string, message: string) => {
    if (!errors[path]) errors[path] = { type: 'validate', message };
  };
  // Dates: the schema sees AD; a BS text that does not read as a date is reported as typed.
  for (const k of DATE_FIELDS) {
    const on = k === 'rentStartDate' ? v.hasRent : v.isOldRegistration;
    const s = v[k as TextField].trim();
    if (on && s && !parseBs(s)) add(k, 'validation.date');
  }
  if (kind === 'multiple') {
    v.owners.forEach((o, i) => {
      if (!o.name.trim()) add(`owners.${i}.name`, 'validation.required');
      if (!o.fatherOrHusbandName.trim())
        add(`owners.${i}.fatherOrHusbandName`, 'validation.required');
    });
    if (v.owners.length > MAX_OWNERS) add('owners', 'validation.maxOwners');
  }
  const wire: Record<string, unknown> = { ...toWire(v, kind, mode) };
  const parsed = schemaFor(mode).safeParse(wire);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      add(formPath(issue.path, kind), issue.message);
    }
  }
  for (const d of files.docs) {
    if (d.required && !v.docs[d.file.slug]) add(`docs.${d.file.slug}`, 'validation.required');
  }
  if (v.isOldRegistration && files.oldCertificateRequired && !v.oldCertificate) {
    add('oldCertificate', 'validation.required');
  }
  // Rent information is one group: once any of it is given, these are needed. The shared
  // schema checks it only once every field reads; saying it at once spares a second round.
  if (v.hasRent && RENT_FIELDS.some((k) => v[k].trim())) {
    for (const k of RENT_REQUIRED) if (!v[k].trim()) add(k, 'validation.required');
  }
  return errors;
}

function makeResolver(
  kind: Kind,
  mode: Mode,
  rules: () => FileRules,
): Resolver<ApplicationFormValues> {
  return (values) => {
    const flat = validate(values, kind, mode, rules());
    if (!Object.keys(flat).length) return { values, errors: {} };
    // react-hook-form wants nested errors for owners.N.field.
    const errors: Record<string, unknown> = {};
    for (const [path, e] of Object.entries(flat)) {
      const parts = path.split('.');
      let node = errors;
      parts.slice(0, -1).forEach((p, idx) => {
        const next = parts[idx + 1];
        node[p] ??= /^\d+$/.test(next) ? [] : {};
        node = node[p] as Record<string, unknown>;
      });
      node[parts[parts.length - 1]] = e;
    }
    return { values: {}, errors: errors as FieldErrors<ApplicationFormValues> };
  };
}

function Section({
  title,
  id,
  children,
  aside,
}: {
  title: string;
  id?: string;
  children?: ReactNode;
  aside?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      id={id}
      component="section"
      aria-labelledby={headingId}
    >
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={3} size="h4" id={headingId}>
          {title}
        </Title>
        {aside}
      </Group>
      {children && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {children}
        </SimpleGrid>
      )}
    </Card>
  );
}

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
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    setValue,
    getValues,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ApplicationFormValues>({ resolver, defaultValues: initial ?? emptyValues(kind) });
  // Issue 7 §6: the values (and chosen files) stay on this device until submitted.
  const userId = useCurrentUser().id;
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
  const [ownerLimit, setOwnerLimit] = useState(false);

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
    getValues,
    setValue,
  ]);

  const err = (k: string): string | undefined => {
    const parts = k.split('.');
    let node: unknown = errors;
    for (const p of parts) node = (node as Record<string, unknown> | undefined)?.[p];
    return tMessage((node as { message?: string } | undefined)?.message);
  };
  const choose = { value: '', label: t('form.choose') };
  const options = <T extends { id: number; nameEn: string; nameNe: string }>(rows?: T[]) => [
    choose,
    ...(rows ?? []).map((r) => ({ value: String(r.id), label: f.name(r) })),
  ];

  const text = (name: TextField, extra: Record<string, unknown> = {}) => ({
    label: t(`form.${name}`),
    ...register(name),
    error: err(name),
    ...extra,
  });
  // BS date fields: typed or picked text, kept as typed (toWire converts it to AD).
  const dateField = (name: 'rentStartDate' | 'oldRegistrationDate', required = false) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <BsDatePicker
          label={t(`form.${name}`)}
          name={name}
          required={required}
          description={t('form.dateHelp')}
          placeholder={f.digits('2082-01-15')}
          value={field.value}
          onChange={(text) => field.onChange(text)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={err(name)}
        />
      )}
    />
  );
  const numeric = { inputMode: 'numeric' as const };
  const rupees = {
    inputMode: 'decimal' as const,
    leftSection: <Text size="sm">{t('form.rs')}</Text>,
    leftSectionWidth: f.lang === 'ne' ? 40 : 36,
  };

  const toggle = (name: 'hasRent' | 'hasLand' | 'isOldRegistration') => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          ref={field.ref}
          name={name}
          label={t(`form.${name}`)}
          checked={field.value}
          onBlur={field.onBlur}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
        />
      )}
    />
  );

  function addOwner() {
    if (owners.fields.length >= MAX_OWNERS) {
      setOwnerLimit(true);
      return;
    }
    setOwnerLimit(false);
    owners.append(emptyOwner());
  }

  const onSubmit = handleSubmit(async (values) => {
    // Size and type are checked here too: the schema only knows a file was chosen.
    let bad = false;
    const fileCheck = (path: 'oldCertificate' | `docs.${string}`, file: File | null) => {
      const problem = checkUpload(file);
      if (problem) {
        setError(path, { type: 'file', message: problem });
        bad = true;
      }
    };
    for (const d of docs) fileCheck(`docs.${d.file.slug}`, values.docs[d.file.slug] ?? null);
    if (values.isOldRegistration) fileCheck('oldCertificate', values.oldCertificate);
    if (bad) return;
    setOffline(false);
    if (!navigator.onLine) {
      await draft.flush();
      setOffline(true);
      return;
    }
    const fd = new FormData();
    for (const [k, s] of Object.entries(toWire(values, kind, mode))) fd.append(k, s);
    for (const d of docs) {
      const file = values.docs[d.file.slug];
      if (file) fd.append(docField(d.file.slug), file);
    }
    if (values.isOldRegistration && values.oldCertificate) {
      fd.append('oldCertificate', values.oldCertificate);
    }
    try {
      if (mode === 'edit' && applicationId) {
        await api.post<Envelope<unknown>>(`/applications/${applicationId}`, fd);
        notifications.show({ color: 'green', message: t('common.updated') });
        void qc.invalidateQueries({ queryKey: detailKey(applicationId) });
        void qc.invalidateQueries({ queryKey: ['/applications', 'list'] });
        await draft.clear();
        await navigate(`/business/applications/${applicationId}/detail`);
        return;
      }
      // One Idempotency-Key per submission: a retry of the same form after a dropped
      // connection answers the first submission instead of making a second (issue 8 §4).
      const key = submissionKey(keySlot, formFingerprint(fd));
      const res = await request<Envelope<{ id: number; submissionNo: string }>>('/applications', {
        method: 'POST',
        body: fd,
        headers: { 'Idempotency-Key': key },
      }).catch((e: unknown) => {
        if (!(e instanceof ApiError && keepKeyAfter(e.status))) forgetSubmissionKey(keySlot);
        throw e;
      });
      forgetSubmissionKey(keySlot);
      void qc.invalidateQueries({ queryKey: ['/applications', 'list'] });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
      await draft.clear();
      await navigate('/apply-new/success', { state: res.data });
    } catch (e) {
      // No answer at all: the connection dropped (navigator.onLine can lag behind).
      if (e instanceof ApiError && e.status === 0) {
        await draft.flush();
        setOffline(true);
        return;
      }
      applyServerErrors(e, setError, SERVER_FIELDS);
      if (!(e instanceof ApiError)) return;
      // `doc_<slug>` errors belong on the documents group's inputs.
      for (const d of docs) {
        const msg = e.errors[docField(d.file.slug)]?.[0];
        if (msg) setError(`docs.${d.file.slug}`, { type: 'server', message: msg });
      }
      // 422 without field errors on create: the profile lacks the photo or citizenship
      // certificate (issue 4 contract). A fresh profile lets the page say so and link there.
      if (e.status === 422 && !Object.keys(e.errors).length) {
        void qc.invalidateQueries({ queryKey: PROFILE_KEY });
      }
    }
  });

  const fileInput = (
    path: 'oldCertificate' | `docs.${string}`,
    name: string,
    label: string,
    required: boolean,
    description: string,
  ) => (
    <Controller
      key={path}
      control={control}
      name={path}
      render={({ field }) => (
        <FileInput
          ref={field.ref}
          name={name}
          label={label}
          description={description}
          placeholder={t('form.chooseFile')}
          required={required}
          clearable
          accept={UPLOAD_ACCEPT}
          value={(field.value as File | null | undefined) ?? null}
          onBlur={field.onBlur}
          onChange={(file) => {
            field.onChange(file);
            const problem = checkUpload(file);
            if (problem) setError(path, { type: 'file', message: problem });
            else clearErrors(path);
          }}
          error={err(path)}
        />
      )}
    />
  );
  const uploadHelp =
    mode === 'edit' ? `${t('form.uploadHelp')}. ${t('form.uploadKeep')}` : t('form.uploadHelp');
  const ownersError = err('owners') || (ownerLimit ? t('validation.maxOwners') : undefined);

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t(
        mode === 'edit'
          ? 'form.titleEdit'
          : kind === 'multiple'
            ? 'form.titleMultiple'
            : 'form.title',
      )}
    >
      <Text c="dimmed" mb="md">
        {t('form.intro')}
      </Text>
      {draft.restored && (
        <Alert color="blue" mb="md" title={t('offline.draftRestored')}>
          <Text size="sm">{t('offline.draftRestoredText')}</Text>
          <Button size="xs" variant="light" mt="xs" onClick={() => void draft.discard()}>
            {t('offline.discardDraft')}
          </Button>
        </Alert>
      )}
      <div style={{ display: 'grid', gap: 'var(--mantine-spacing-md)' }}>
        <Section title={t('form.sections.business')}>
          <TextInput {...text('businessName', { required: true })} />
          {kind === 'single' && (
            <>
              <TextInput {...text('ownerName', { required: true })} />
              <TextInput {...text('fatherOrHusbandName', { required: true })} />
            </>
          )}
          <NativeSelect
            {...text('businessTypeId', { required: true })}
            data={options(businessTypes.data)}
          />
          <TextInput {...text('firmName')} />
          <Textarea {...text('description')} autosize minRows={2} />
        </Section>

        {kind === 'multiple' && (
          <Section
            title={t('form.sections.owners')}
            id="owners"
            aside={
              <Button size="xs" variant="light" onClick={addOwner}>
                {t('form.addOwner')}
              </Button>
            }
          >
            {owners.fields.map((row, i) => (
              <Card key={row.id} withBorder radius="sm" padding="sm" bg="gray.0">
                <Group justify="space-between" mb={4}>
                  <Text fw={500}>{t('form.ownerN', { n: f.num(i + 1) })}</Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    disabled={owners.fields.length <= MIN_OWNERS}
                    aria-label={t('form.removeOwner', { n: f.num(i + 1) })}
                    onClick={() => {
                      owners.remove(i);
                      setOwnerLimit(false);
                    }}
                  >
                    ✕
                  </ActionIcon>
                </Group>
                <TextInput
                  label={t('form.owner.name')}
                  required
                  {...register(`owners.${i}.name`)}
                  error={err(`owners.${i}.name`)}
                />
                <TextInput
                  mt="xs"
                  label={t('form.owner.fatherOrHusbandName')}
                  required
                  {...register(`owners.${i}.fatherOrHusbandName`)}
                  error={err(`owners.${i}.fatherOrHusbandName`)}
                />
                <TextInput
                  mt="xs"
                  label={t('form.owner.citizenshipNo')}
                  {...register(`owners.${i}.citizenshipNo`)}
                  error={err(`owners.${i}.citizenshipNo`)}
                />
              </Card>
            ))}
            {ownersError && (
              <Alert color="red" role="alert" style={{ gridColumn: '1 / -1' }}>
                {ownersError}
              </Alert>
            )}
          </Section>
        )}

        <Section title={t('form.sections.permanentAddress')}>
          <NativeSelect
            label={t('form.permStateId')}
            required
            data={options(states.data)}
            error={err('permStateId')}
            {...register('permStateId', {
              onChange: () => {
                setValue('permDistrictId', '');
                setValue('permCityId', '');
                setValue('permWardNo', '');
              },
            })}
          />
          <NativeSelect
            label={t('form.permDistrictId')}
            required
            disabled={!stateId}
            data={options(districts.data)}
            error={err('permDistrictId')}
            {...register('permDistrictId', {
              onChange: () => {
                setValue('permCityId', '');
                setValue('permWardNo', '');
              },
            })}
          />
          <NativeSelect
            label={t('form.permCityId')}
            required
            disabled={!districtId}
            data={options(cities.data)}
            error={err('permCityId')}
            {...register('permCityId', { onChange: () => setValue('permWardNo', '') })}
          />
          <NativeSelect
            {...text('permWardNo', { required: true })}
            disabled={!city}
            data={[
              choose,
              ...Array.from({ length: Math.max(city?.wardCount ?? 0, 0) }, (_, i) => ({
                value: String(i + 1),
                label: f.num(i + 1),
              })),
            ]}
          />
          <TextInput {...text('permTole')} />
          <TextInput {...text('permChowk')} />
        </Section>

        <Section title={t('form.sections.location')}>
          <NativeSelect
            {...text('wardId', { required: true })}
            data={[
              choose,
              ...(wards.data ?? []).map((w) => ({
                value: String(w.id),
                label: `${f.num(w.number)} — ${f.name(w)}`,
              })),
            ]}
          />
          <TextInput {...text('locAddress', { required: true })} />
          <TextInput {...text('locTole')} />
          <TextInput
            {...text('locMobile', { required: true })}
            type="tel"
            inputMode="numeric"
            placeholder={t('a11y.phonePlaceholder')}
          />
        </Section>

        <Section title={t('form.sections.capital')}>
          {(['capitalMax', 'capitalCurrent', 'capitalPaidUp'] as const).map((k) => (
            <TextInput key={k} {...text(k, { required: true })} {...rupees} />
          ))}
        </Section>

        <Section title={t('form.sections.card')}>
          <TextInput {...text('cardLength')} {...numeric} rightSection={t('form.cm')} />
          <TextInput {...text('cardWidth')} {...numeric} rightSection={t('form.cm')} />
        </Section>

        <Section title={t('form.sections.otherReg')}>
          <TextInput {...text('otherRegNo')} />
          <TextInput {...text('otherRegOffice')} />
        </Section>

        <Section title={t('form.sections.rent')} aside={toggle('hasRent')}>
          {hasRent && (
            <>
              <TextInput {...text('rentLandlordName', { required: true })} />
              <TextInput {...text('rentWardNo')} {...numeric} />
              <TextInput {...text('rentTole')} />
              <TextInput {...text('rentChowk')} />
              <TextInput {...text('rentHouseNo')} />
              <TextInput {...text('rentFloors')} {...numeric} />
              <TextInput {...text('rentRooms')} {...numeric} />
              {dateField('rentStartDate')}
              <TextInput {...text('rentMonthly', { required: true })} {...rupees} />
              <NativeSelect
                {...text('rentTaxPeriodMonths', { required: true })}
                data={[
                  choose,
                  ...Array.from({ length: 12 }, (_, i) => ({
                    value: String(i + 1),
                    label: t('form.monthsN', { n: f.num(i + 1) }),
                  })),
                ]}
              />
              <NativeSelect
                {...text('rentPurpose', { required: true })}
                data={[
                  choose,
                  { value: 'residence', label: t('form.purpose.residence') },
                  { value: 'commercial', label: t('form.purpose.commercial') },
                ]}
              />
            </>
          )}
        </Section>

        <Section title={t('form.sections.land')} aside={toggle('hasLand')}>
          {hasLand && (
            <>
              <TextInput {...text('landCurrentCity')} />
              <TextInput {...text('landWardNo')} {...numeric} />
              <TextInput {...text('landPreviousVdc')} />
              <TextInput {...text('landSeatNo')} />
              <TextInput {...text('landKittaNo')} />
              <TextInput {...text('landArea')} />
            </>
          )}
        </Section>

        <Section title={t('form.sections.oldReg')} aside={toggle('isOldRegistration')}>
          {isOld && (
            <>
              <TextInput {...text('oldRegistrationNo', { required: true })} />
              {dateField('oldRegistrationDate', true)}
              {fileInput(
                'oldCertificate',
                'oldCertificate',
                t('form.oldCertificate'),
                rules.current.oldCertificateRequired,
                uploadHelp,
              )}
            </>
          )}
        </Section>

        <Section title={t('form.sections.applicant')}>
          <TextInput {...text('applicantName', { required: true })} />
          <TextInput {...text('applicantAddress', { required: true })} />
          <TextInput
            {...text('applicantContact', { required: true })}
            type="tel"
            inputMode="numeric"
            placeholder={t('a11y.phonePlaceholder')}
          />
        </Section>

        <Section title={t('form.sections.documents')} id="documents">
          <Text size="sm" c="dimmed" style={{ gridColumn: '1 / -1' }}>
            {t('form.documentsIntro')}
          </Text>
          {docs.length === 0 && !requiredFiles.isPending && (
            <Text size="sm" c="dimmed">
              {t('form.noDocumentsAsked')}
            </Text>
          )}
          {docs.map((d) =>
            fileInput(
              `docs.${d.file.slug}`,
              docField(d.file.slug),
              f.name(d.file),
              d.required,
              uploadHelp,
            ),
          )}
        </Section>

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
      </div>

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
      <Group justify="flex-end" mt={draft.savedAt !== null ? 'xs' : 'md'}>
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
        <Button type="submit" loading={isSubmitting}>
          {t(mode === 'edit' ? 'form.save' : 'form.submit')}
        </Button>
      </Group>
    </form>
  );
}
