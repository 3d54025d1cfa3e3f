/**
 * The application form's submit (see ApplicationForm.tsx): the files' size and type, then
 * multipart to POST /api/applications/{id} (edit) or POST /api/applications (create, with an
 * Idempotency-Key, issue 8 §4). Without a connection the draft is kept and the form says so; a
 * 422 answer's field errors land on the fields and are reported once, in the error summary of
 * their step (`onErrors`), not as a toast too (issue 17 §2); any other failure is a toast.
 */
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { Dispatch, SetStateAction } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { NavigateFunction } from 'react-router';
import { ApiError, request, showErrorToast, type Envelope } from '../../lib/api';
import { PROFILE_KEY } from '../../lib/auth';
import {
  forgetSubmissionKey,
  formFingerprint,
  keepKeyAfter,
  submissionKey,
} from '../../lib/idempotency';
import { applyServerErrors, checkUpload } from '../../lib/forms';
import type { useFormDraft } from '../../lib/useFormDraft';
import { detailKey } from '../registrations';
import { flattenErrors } from './steps';
import {
  docField,
  SERVER_FIELDS,
  toWire,
  type ApplicationFormValues,
  type DocSpec,
  type Kind,
  type Mode,
} from './formModel';

type SetError = UseFormReturn<ApplicationFormValues>['setError'];

/**
 * Checks the chosen files' size and type (the schema only knows a file was chosen) and puts
 * each problem on its input; true when one is bad.
 */
function badFiles(values: ApplicationFormValues, docs: DocSpec[], setError: SetError): boolean {
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
  return bad;
}

/** The multipart body: the wire strings, each chosen file as `doc_<slug>`, the old scan. */
function toFormData(
  values: ApplicationFormValues,
  kind: Kind,
  mode: Mode,
  docs: DocSpec[],
): FormData {
  const fd = new FormData();
  for (const [k, s] of Object.entries(toWire(values, kind, mode))) fd.append(k, s);
  for (const d of docs) {
    const file = values.docs[d.file.slug];
    if (file) fd.append(docField(d.file.slug), file);
  }
  if (values.isOldRegistration && values.oldCertificate) {
    fd.append('oldCertificate', values.oldCertificate);
  }
  return fd;
}

/**
 * Puts a refused submission's field errors on the fields, `doc_<slug>` ones on the documents
 * group's inputs; returns the form paths that got one.
 */
function setServerErrors(e: ApiError, docs: DocSpec[], setError: SetError): string[] {
  applyServerErrors(e, setError, SERVER_FIELDS);
  const paths = Object.keys(e.errors).filter((k) => SERVER_FIELDS.includes(k));
  for (const d of docs) {
    const msg = e.errors[docField(d.file.slug)]?.[0];
    if (msg) {
      setError(`docs.${d.file.slug}`, { type: 'server', message: msg });
      paths.push(`docs.${d.file.slug}`);
    }
  }
  return paths;
}

/**
 * POST /api/applications with one Idempotency-Key per submission: a retry of the same form
 * after a dropped connection answers the first submission instead of making a second (issue
 * 8 §4). The key is forgotten once answered, kept while the answer may still come.
 */
async function postNew(fd: FormData, keySlot: string, path = '/applications') {
  const key = submissionKey(keySlot, formFingerprint(fd));
  const res = await request<Envelope<{ id: number; submissionNo: string }>>(path, {
    method: 'POST',
    body: fd,
    headers: { 'Idempotency-Key': key },
    silent: true,
  }).catch((e: unknown) => {
    if (!(e instanceof ApiError && keepKeyAfter(e.status))) forgetSubmissionKey(keySlot);
    throw e;
  });
  forgetSubmissionKey(keySlot);
  return res;
}

/** The form's submit handler (react-hook-form's `handleSubmit` of the send below). */
export function makeSubmit({
  form: { handleSubmit, setError },
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
  onErrors,
  onBehalfOf,
}: {
  form: UseFormReturn<ApplicationFormValues>;
  kind: Kind;
  mode: Mode;
  applicationId?: number;
  /** The required files this form offers. */
  docs: DocSpec[];
  draft: ReturnType<typeof useFormDraft>;
  /** Where the Idempotency-Key of a new submission is kept (lib/idempotency.ts). */
  keySlot: string;
  /** Says that the last submit found no connection (the draft is kept). */
  setOffline: Dispatch<SetStateAction<boolean>>;
  t: TFunction;
  qc: QueryClient;
  navigate: NavigateFunction;
  /** The form paths that got an error (client or server): the form shows their step. */
  onErrors: (paths: string[]) => void;
  /** Counter filing (issue 19 §4): the applicant it is for; the detail page follows. */
  onBehalfOf?: { id: number };
}) {
  const onInvalid = (errors: object) => onErrors(Object.keys(flattenErrors(errors)));
  // Without a connection the draft is kept on this device, and the form says so.
  const goOffline = async () => {
    await draft.flush();
    setOffline(true);
  };
  return handleSubmit(async (values) => {
    if (badFiles(values, docs, setError)) {
      onErrors(['docs']);
      return;
    }
    setOffline(false);
    if (!navigator.onLine) return void (await goOffline());
    const fd = toFormData(values, kind, mode, docs);
    try {
      if (mode === 'edit' && applicationId) {
        await request<Envelope<unknown>>(`/applications/${applicationId}`, {
          method: 'POST',
          body: fd,
          silent: true,
        });
        notifications.show({ color: 'green', message: t('common.updated') });
        void qc.invalidateQueries({ queryKey: detailKey(applicationId) });
        void qc.invalidateQueries({ queryKey: ['/applications', 'list'] });
        await draft.clear();
        await navigate(`/business/applications/${applicationId}/detail`);
        return;
      }
      const path = onBehalfOf ? `/counter/applicants/${onBehalfOf.id}/applications` : undefined;
      const res = await postNew(fd, keySlot, path);
      void qc.invalidateQueries({ queryKey: ['/applications', 'list'] });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
      await draft.clear();
      if (onBehalfOf) {
        notifications.show({ color: 'green', message: t('submitted.title') });
        await navigate(`/business/applications/${res.data.id}/detail`);
        return;
      }
      await navigate('/apply-new/success', { state: res.data });
    } catch (e) {
      // No answer at all: the connection dropped (navigator.onLine can lag behind).
      if (e instanceof ApiError && e.status === 0) return void (await goOffline());
      if (!(e instanceof ApiError)) return;
      const paths = setServerErrors(e, docs, setError);
      if (paths.length) onErrors(paths);
      else showErrorToast(e.status, e.message);
      // 422 without field errors on create: the profile lacks the photo or citizenship
      // certificate (issue 4 contract). A fresh profile lets the page say so and link there.
      if (e.status === 422 && !Object.keys(e.errors).length) {
        void qc.invalidateQueries({ queryKey: PROFILE_KEY });
      }
    }
  }, onInvalid);
}
