/**
 * The sections of each step of the application form (issue 17 §2): business, owners,
 * addresses, capital and premises, documents, and "check your answers" with the fee estimate.
 */
import type { UseFieldArrayReturn, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/auth';
import { useFormat } from '../../lib/useFormat';
import { FeeEstimate } from '../billing';
import { CheckAnswers, reviewRows } from './CheckAnswers';
import type { FormKit } from './formKit';
import type { ApplicationFormValues, DocSpec, Kind } from './formModel';
import { ApplicantSection } from './sections/ApplicantSection';
import { LocationSection, PermanentAddressSection } from './sections/AddressSections';
import { BusinessSection } from './sections/BusinessSection';
import { CapitalSection, CardSection, OtherRegistrationSection } from './sections/CapitalSections';
import { DocumentsSection } from './sections/DocumentsSection';
import { LandSection } from './sections/LandSection';
import { OldRegistrationSection } from './sections/OldRegistrationSection';
import { OwnersSection, SingleOwnerSection } from './sections/OwnersSection';
import { RentSection } from './sections/RentSection';
import type { Step } from './steps';
import type { FormOptions } from './useFormOptions';

export interface StepBodyProps {
  step: Step;
  kit: FormKit;
  form: UseFormReturn<ApplicationFormValues>;
  kind: Kind;
  /** The owners list (multiple registration), kept by the form across steps. */
  owners: UseFieldArrayReturn<ApplicationFormValues, 'owners'>;
  options: FormOptions;
  /** The setup's files this form offers, and whether their list is still loading. */
  docs: DocSpec[];
  docsPending: boolean;
  /** Kinds of the documents already on the application (edit). */
  existingKinds: string[];
  uploadHelp: string;
  /** The profile whose photo and citizenship are used, when it is the user's own. */
  profile?: Parameters<typeof DocumentsSection>[0]['profile'];
  /** The old registration's scan must be chosen (not yet on the application). */
  oldCertificateRequired: boolean;
  /** "Change" on an answer: open its step at its field. */
  onChange: (path: string) => void;
}

/** The sections of `step`. */
export function StepBody(props: StepBodyProps) {
  const { step, kit, form, kind, options: o } = props;
  const { watch } = form;
  switch (step) {
    case 'business':
      return (
        <>
          <BusinessSection kit={kit} businessTypes={o.businessTypes} />
          <OtherRegistrationSection kit={kit} />
          <OldRegistrationSection kit={kit} isOld={watch('isOldRegistration')} />
        </>
      );
    case 'owners':
      return <OwnersStep kit={kit} owners={props.owners} kind={kind} />;
    case 'addresses':
      return (
        <>
          <PermanentAddressSection
            kit={kit}
            states={o.states}
            districts={o.districts}
            cities={o.cities}
            stateId={o.stateId}
            districtId={o.districtId}
            city={o.city}
          />
          <LocationSection kit={kit} wards={o.wards} />
        </>
      );
    case 'capital':
      return (
        <>
          <CapitalSection kit={kit} />
          <CardSection kit={kit} />
          <RentSection kit={kit} hasRent={watch('hasRent')} />
          <LandSection kit={kit} hasLand={watch('hasLand')} />
        </>
      );
    case 'documents':
      return (
        <DocumentsSection
          kit={kit}
          docs={props.docs}
          pending={props.docsPending}
          uploadHelp={props.uploadHelp}
          profile={props.profile}
          oldCertificate={
            watch('isOldRegistration') ? { required: props.oldCertificateRequired } : undefined
          }
        />
      );
    case 'check':
      return <CheckStep {...props} />;
  }
}

/** The owners (one, or the list of a multiple registration) and the applicant. */
function OwnersStep({ kit, owners, kind }: Pick<StepBodyProps, 'kit' | 'owners' | 'kind'>) {
  return (
    <>
      {kind === 'multiple' ? (
        <OwnersSection kit={kit} owners={owners} />
      ) : (
        <SingleOwnerSection kit={kit} />
      )}
      <ApplicantSection kit={kit} />
    </>
  );
}

/** Every answer with its Change link, and the fee estimate of the answers (when allowed). */
function CheckStep(props: StepBodyProps) {
  const { form, kind, options: o, docs, existingKinds, onChange } = props;
  const { t } = useTranslation();
  const f = useFormat();
  const canQuote = useCan('create-applications', 'renew-applications');
  const { watch, getValues } = form;
  const hasRent = watch('hasRent');
  const lists = { kind, ...o, docs, existingKinds, ownProfile: props.profile !== undefined };
  return (
    <>
      <CheckAnswers t={t} rows={reviewRows(getValues(), lists, t, f)} onChange={onChange} />
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
  );
}
