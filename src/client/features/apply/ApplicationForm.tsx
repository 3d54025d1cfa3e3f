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
 * This module is the form's shell (state, submit, and the order of the sections); each section
 * is a component of ./sections, built from the helpers of ./formKit.tsx; the values and their
 * checks are in ./formModel.ts.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan, useCurrentUser } from '../../lib/auth';
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
import { makeFormKit } from './formKit';
import {
  docSpecs,
  emptyValues,
  makeResolver,
  SELECT_FIELDS,
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
import { OwnersSection } from './sections/OwnersSection';
import { RentSection } from './sections/RentSection';
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
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = form;
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
  });

  const uploadHelp =
    mode === 'edit' ? `${t('form.uploadHelp')}. ${t('form.uploadKeep')}` : t('form.uploadHelp');

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
        <BusinessSection kit={kit} kind={kind} businessTypes={businessTypes.data} />
        {kind === 'multiple' && <OwnersSection kit={kit} owners={owners} />}
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
        <CapitalSection kit={kit} />
        <CardSection kit={kit} />
        <OtherRegistrationSection kit={kit} />
        <RentSection kit={kit} hasRent={hasRent} />
        <LandSection kit={kit} hasLand={hasLand} />
        <OldRegistrationSection
          kit={kit}
          isOld={isOld}
          certificateRequired={rules.current.oldCertificateRequired}
          uploadHelp={uploadHelp}
        />
        <ApplicantSection kit={kit} />
        <DocumentsSection
          kit={kit}
          docs={docs}
          pending={requiredFiles.isPending}
          uploadHelp={uploadHelp}
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
