/**
 * Single-owner business registration form (SPEC §2 `single_registration`; §3 application,
 * permanent address, business location, capital, applicant). Validated with the shared
 * applicationCreateSchema — the same schema the server applies — whose messages are catalogue
 * keys. Submitted as multipart to POST /api/applications; 422 field errors land on the fields.
 *
 * Dropdowns are native selects: small lists, the phone's own picker, and a plain `name`
 * attribute for end-to-end tests. Every input's `name` equals its schema field.
 */
import {
  Alert,
  Anchor,
  Button,
  Card,
  FileInput,
  Group,
  NativeSelect,
  SimpleGrid,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { applicationCreateSchema } from '../../../shared/schemas/applications.js';
import { PageHeader } from '../../components/PageHeader';
import { RequirePermission } from '../../components/RequirePermission';
import { api, type Envelope } from '../../lib/api';
import { applyServerErrors, checkUpload, UPLOAD_ACCEPT } from '../../lib/forms';
import { tMessage } from '../../lib/i18n';
import { useFormat } from '../../lib/useFormat';
import type {
  BusinessTypeOption,
  CityOption,
  DistrictOption,
  StateOption,
  WardOption,
} from './types';
import { useAllOptions } from './useOptions';

const TEXT_FIELDS = [
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
  'applicantName',
  'applicantAddress',
  'applicantContact',
] as const;
const FILE_FIELDS = ['photo', 'citizenship'] as const;
const ALL_FIELDS: readonly string[] = [...TEXT_FIELDS, ...FILE_FIELDS];

type TextField = (typeof TEXT_FIELDS)[number];
type FileField = (typeof FILE_FIELDS)[number];
/** What the form holds: raw strings as typed, files as chosen. */
export type ApplicationFormValues = Record<TextField, string> & Record<FileField, File | null>;

const EMPTY: ApplicationFormValues = {
  ...(Object.fromEntries(TEXT_FIELDS.map((k) => [k, ''])) as Record<TextField, string>),
  photo: null,
  citizenship: null,
};

// raw: the server takes the typed strings (rupees, ids) and converts them itself; the parsed
// output (paisa) must not be what is sent.
const resolver = zodResolver(applicationCreateSchema, undefined, {
  raw: true,
}) as unknown as Resolver<ApplicationFormValues>;

function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
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
      <Title order={3} size="h4" mb="sm" id={headingId}>
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {children}
      </SimpleGrid>
    </Card>
  );
}

export function ApplicationForm() {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    setValue,
    watch,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<ApplicationFormValues>({ resolver, defaultValues: EMPTY });

  const stateId = Number(watch('permStateId')) || 0;
  const districtId = Number(watch('permDistrictId')) || 0;
  const cityId = Number(watch('permCityId')) || 0;

  const businessTypes = useAllOptions<BusinessTypeOption>('business-types');
  const states = useAllOptions<StateOption>('states');
  const districts = useAllOptions<DistrictOption>('districts', { stateId }, stateId > 0);
  const cities = useAllOptions<CityOption>('cities', { districtId }, districtId > 0);
  const wards = useAllOptions<WardOption>('wards');
  const city = cities.data?.find((c) => c.id === cityId);

  const err = (k: string) => tMessage(errors[k as keyof ApplicationFormValues]?.message);
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

  const onSubmit = handleSubmit(async (values) => {
    // Size and type are checked here too: the schema only knows a file was chosen.
    let bad = false;
    for (const k of FILE_FIELDS) {
      const problem = checkUpload(values[k]);
      if (problem) {
        setError(k, { type: 'file', message: problem });
        bad = true;
      }
    }
    if (bad) return;
    const fd = new FormData();
    for (const k of TEXT_FIELDS) if (values[k].trim() !== '') fd.append(k, values[k].trim());
    for (const k of FILE_FIELDS) if (values[k]) fd.append(k, values[k] as File);
    try {
      const res = await api.post<Envelope<{ id: number; submissionNo: string }>>(
        '/applications',
        fd,
      );
      void qc.invalidateQueries({ queryKey: ['/applications', 'list'] });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
      await navigate('/apply-new/success', { state: res.data });
    } catch (e) {
      applyServerErrors(e, setError, ALL_FIELDS);
    }
  });

  const missingUploads = submitCount > 0 && (errors.photo || errors.citizenship);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('form.title')}>
      <Text c="dimmed" mb="md">
        {t('form.intro')}
      </Text>
      <div style={{ display: 'grid', gap: 'var(--mantine-spacing-md)' }}>
        <Section title={t('form.sections.business')}>
          <TextInput {...text('businessName', { required: true })} />
          <TextInput {...text('ownerName', { required: true })} />
          <TextInput {...text('fatherOrHusbandName', { required: true })} />
          <NativeSelect
            {...text('businessTypeId', { required: true })}
            data={options(businessTypes.data)}
          />
          <TextInput {...text('firmName')} />
          <Textarea {...text('description')} autosize minRows={2} />
        </Section>

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
              ...Array.from({ length: city?.wardCount ?? 0 }, (_, i) => ({
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
            placeholder={f.digits('98XXXXXXXX')}
          />
        </Section>

        <Section title={t('form.sections.capital')}>
          {(['capitalMax', 'capitalCurrent', 'capitalPaidUp'] as const).map((k) => (
            <TextInput
              key={k}
              {...text(k, { required: true })}
              inputMode="decimal"
              leftSection={<Text size="sm">{t('form.rs')}</Text>}
              leftSectionWidth={f.lang === 'ne' ? 40 : 36}
            />
          ))}
        </Section>

        <Section title={t('form.sections.applicant')}>
          <TextInput {...text('applicantName', { required: true })} />
          <TextInput {...text('applicantAddress', { required: true })} />
          <TextInput
            {...text('applicantContact', { required: true })}
            type="tel"
            inputMode="numeric"
            placeholder={f.digits('98XXXXXXXX')}
          />
        </Section>

        <Section title={t('form.sections.uploads')} id="uploads">
          {FILE_FIELDS.map((k) => (
            <Controller
              key={k}
              control={control}
              name={k}
              render={({ field }) => (
                <FileInput
                  ref={field.ref}
                  name={k}
                  label={t(`form.${k}`)}
                  description={t('form.uploadHelp')}
                  placeholder={t('form.chooseFile')}
                  required
                  clearable
                  accept={UPLOAD_ACCEPT}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(file) => {
                    field.onChange(file);
                    const problem = checkUpload(file);
                    if (problem) setError(k, { type: 'file', message: problem });
                    else clearErrors(k);
                  }}
                  error={err(k)}
                />
              )}
            />
          ))}
        </Section>
      </div>

      {missingUploads && (
        <Alert color="orange" mt="md" role="alert">
          {t('form.uploadFirst')} <Anchor href="#uploads">{t('form.goToUploads')}</Anchor>
        </Alert>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => void navigate('/apply-new')}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {t('form.submit')}
        </Button>
      </Group>
    </form>
  );
}

export default function SingleRegistrationPage() {
  const { t } = useTranslation();
  return (
    <RequirePermission perms={['create-applications']}>
      <PageHeader title={t('form.title')} />
      <ApplicationForm />
    </RequirePermission>
  );
}
