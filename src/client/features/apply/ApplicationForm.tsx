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
 * This module is the form's shell (state, draft, submit); the step in the URL and the focus are
 * ./useStepNavigation.ts, a step's one-pass check and summary ./useStepCheck.ts, the lists
 * ./useFormOptions.ts, each step's sections ./StepBody.tsx and its frame ./StepPage.tsx; each
 * section is a component of ./sections, built from the helpers of ./formKit.tsx; the values
 * and their checks are in ./formModel.ts, the steps' fields in ./steps.ts.
 */
import { Alert, Button, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Later } from '../../components/Later';
import { useCurrentUser } from '../../lib/auth';
import { draftKey, useFormDraft } from '../../lib/useFormDraft';
import { useOnceTrue } from '../../lib/useOnceTrue';
import { useFormat } from '../../lib/useFormat';
import { useAllOptions } from '../../lib/useOptions';
import type { RequiredFile } from '../registrations';
import { ErrorSummary } from './ErrorSummary';
import { makeFormKit } from './formKit';
import {
  docSpecs,
  emptyValues,
  makeResolver,
  type ApplicationFormValues,
  type FileRules,
  type Kind,
  type Mode,
} from './formModel';
import { StepBody } from './StepBody';
import { DraftRestored, StepButtons, StepHeader } from './StepPage';
import { firstStepOf, stepOf, STEPS } from './steps';
import { makeSubmit } from './submitApplication';
import { reloadPage } from '../../lib/reloadPage';
import { loadApplicationSchemas } from './formSchema';
import { firstTry, useFormOptions } from './useFormOptions';
import { useStepCheck } from './useStepCheck';
import { useStepNavigation } from './useStepNavigation';

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
  /**
   * Counter filing (issue 19 §4): staff fill in the form for this walk-in applicant; it is sent
   * to POST /api/counter/applicants/{id}/applications and becomes theirs.
   */
  onBehalfOf?: OnBehalfOf;
}

/** The applicant a counter filing is for. */
export interface OnBehalfOf {
  id: number;
  name: string;
  phone: string;
}

/** Starts the download of the form's checks (a failure is said when a check needs them). */
const preloadChecks = () => void loadApplicationSchemas().catch(() => undefined);

/** The form's title (its accessible name). */
const titleKey = (kind: Kind, mode: Mode) =>
  mode === 'edit' ? 'form.titleEdit' : kind === 'multiple' ? 'form.titleMultiple' : 'form.title';

/**
 * The form, committed just after the page around it (`Later`). react-hook-form's `useForm` sets
 * its `isReady` state in a layout effect as it mounts, and React renders such an update
 * synchronously in the commit's task, after running every effect of that commit: in the page's
 * first commit that was the whole screen's (react-query's subscriptions and requests). A commit
 * of its own keeps that task to the form's (docs/performance.md "Nothing rendered again in the
 * first commit", issue 18 §5).
 */
export function ApplicationForm(props: ApplicationFormProps) {
  return (
    <Later fallback={null}>
      <FormShell {...props} />
    </Later>
  );
}

/** The form shell: state, draft, steps and submit; see the module's comment. */
function FormShell(props: ApplicationFormProps) {
  const { kind = 'single', mode = 'create', applicationId, existingKinds = [], onBehalfOf } = props;
  const { t } = useTranslation();
  const f = useFormat();
  const { form, draft, rules, docs, docsPending, docsLoading } = useApplicationForm(props);
  const user = useCurrentUser();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [offline, setOffline] = useState(false);
  // The checks' code could not be downloaded (./formSchema.ts): said, with a reload, until a
  // check runs.
  const [checksFailed, setChecksFailed] = useState(false);
  const owners = useFieldArray({ control: form.control, name: 'owners' });
  const nav = useStepNavigation(mode, form.setFocus);
  const { step, stepNo } = nav;
  const options = useFormOptions(form, step);
  const stepCheck = useStepCheck({ form, step, kind, mode, rules, summary: nav.summary });
  const { errors, isSubmitting } = form.formState;
  // Once drawn, the fields stay: a list first asked for later (the districts of the province
  // just chosen) must not take the form away, and the focus with it, while it downloads.
  const ready = useOnceTrue(draft.looked && !options.loading && !docsLoading);
  // The fields are drawn at transition priority, so React renders them in slices: the last of
  // these conditions usually turns true in the re-render of a list's answer, which react-query
  // delivers through useSyncExternalStore, always rendered synchronously (one task for ~40
  // fields).
  const fieldsReady = useDeferredValue(ready);

  const onSubmit = makeSubmit({
    ...{ form, kind, mode, applicationId, docs, draft, setOffline, t, navigate, qc, onBehalfOf },
    // Where the Idempotency-Key of a new submission is kept (lib/idempotency.ts).
    keySlot: `application:${kind}:${user.id ?? 0}${onBehalfOf ? `:for:${onBehalfOf.id}` : ''}`,
    onErrors: (paths) => {
      const at = firstStepOf(paths);
      if (at && at !== step) nav.goTo(at, { keepSummary: true });
      else nav.setSummary(true);
    },
  });

  const uploadHelp =
    mode === 'edit' ? `${t('form.uploadHelp')}. ${t('form.uploadKeep')}` : t('form.uploadHelp');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        // Both paths need the schema; its download is waited for here (it has usually come
        // while the step was filled in), so that its failure is said, never thrown.
        void loadApplicationSchemas().then(
          () => {
            setChecksFailed(false);
            if (step === 'check') return onSubmit();
            return stepCheck.check().then((ok) => {
              nav.setSummary(!ok);
              if (ok) nav.goTo(STEPS[stepNo + 1]);
            });
          },
          () => setChecksFailed(true),
        );
      }}
      // The checks' code is not needed to draw the step: it is fetched on the first use.
      onFocus={preloadChecks}
      onPointerDown={preloadChecks}
      onKeyDown={preloadChecks}
      noValidate
      aria-label={t(titleKey(kind, mode))}
    >
      <StepHeader step={step} top={nav.top} />
      <ErrorSummary items={stepCheck.items} onPick={nav.focus} />
      {step !== 'check' && (
        <Text c="dimmed" size="sm" mb="md">
          {t('form.intro')}
        </Text>
      )}
      {/* The rest waits for the draft lookup (a local read) and the dropdowns' first lists
          (useFormOptions `loading`): the fields are drawn once, with the draft and its notice
          and the lists, and nothing below them is pushed down afterwards. */}
      {fieldsReady && (
        <>
          {draft.restored && <DraftRestored onDiscard={() => void draft.discard()} />}
          <div style={{ display: 'grid', gap: 'var(--mantine-spacing-md)' }}>
            <StepBody
              {...{ step, form, kind, owners, options, docs, docsPending, existingKinds }}
              uploadHelp={uploadHelp}
              kit={makeFormKit({ t, f, form, errors })}
              profile={
                !onBehalfOf && (mode === 'create' || user.userType === 'user') ? user : undefined
              }
              oldCertificateRequired={rules.oldCertificateRequired}
              onChange={(path) => nav.goTo(stepOf(path), { focus: path })}
            />
          </div>
          {checksFailed && (
            <Alert color="red" role="alert" mt="md">
              <Text size="sm">{t('form.checksLoadFailed')}</Text>
              {/* the draft is written first, so the reloaded form has every answer */}
              <Button
                mt="sm"
                size="xs"
                color="red"
                onClick={() => void draft.flush().finally(reloadPage)}
              >
                {t('common.reloadPage')}
              </Button>
            </Alert>
          )}
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
          <StepButtons
            {...{ step, mode, applicationId }}
            submitting={isSubmitting}
            spaced={draft.savedAt === null}
            onBack={() => nav.goTo(STEPS[stepNo - 1])}
          />
        </>
      )}
    </form>
  );
}

/**
 * The form's values (react-hook-form with the shared schema's resolver), its draft kept on
 * this device (issue 7 §6), and the setup's files it asks for in its mode.
 */
function useApplicationForm({
  kind = 'single',
  mode = 'create',
  applicationId,
  initial,
  existingKinds = [],
  onBehalfOf,
}: ApplicationFormProps) {
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
  const userId = useCurrentUser().id;
  const draft = useFormDraft(
    form,
    userId
      ? draftKey(
          userId,
          mode === 'edit'
            ? `application:edit:${applicationId}`
            : `application:${kind}${onBehalfOf ? `:for:${onBehalfOf.id}` : ''}`,
        )
      : null,
  );
  return {
    ...{ form, draft, rules: rules.current, docs },
    docsPending: requiredFiles.isPending,
    docsLoading: firstTry(requiredFiles),
  };
}
