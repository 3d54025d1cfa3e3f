/**
 * Checking one step of the application form (issue 17 §2): every field of the step in one
 * pass with the shared schema (`validate`, the server's own checks) plus the chosen files'
 * size and type, the errors set on their fields; and the error summary's lines for the step,
 * in page order ("Business name: This field is required").
 */
import type { Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { checkUpload } from '../../lib/forms';
import { tMessage } from '../../lib/i18n';
import { useFormat } from '../../lib/useFormat';
import {
  validate,
  type ApplicationFormValues,
  type DocSpec,
  type FileRules,
  type Kind,
  type Mode,
} from './formModel';
import { loadApplicationSchemas, type ApplicationSchemas } from './formSchema';
import { flattenErrors, pathsOfStep, type Step } from './steps';

/** The paths with an error among the values' fields of `step`, with their messages' keys. */
function problemsOf(
  schemas: ApplicationSchemas,
  values: ApplicationFormValues,
  step: Step,
  kind: Kind,
  mode: Mode,
  rules: FileRules,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, e] of Object.entries(validate(schemas, values, kind, mode, rules)))
    out[k] = e.message;
  if (step === 'documents') {
    for (const d of rules.docs) {
      const problem = checkUpload(values.docs[d.file.slug]);
      if (problem) out[`docs.${d.file.slug}`] = problem;
    }
    const problem = values.isOldRegistration ? checkUpload(values.oldCertificate) : null;
    if (problem) out.oldCertificate = problem;
  }
  return out;
}

/**
 * `check()` validates the step and sets its errors (resolves true when it may be left; rejects
 * when the schema could not be downloaded, and then changes nothing); `items` are the summary's
 * lines when `summary` is shown.
 */
export function useStepCheck({
  form,
  step,
  kind,
  mode,
  rules,
  summary,
}: {
  form: UseFormReturn<ApplicationFormValues>;
  step: Step;
  kind: Kind;
  mode: Mode;
  /** The files asked for, as they are now. */
  rules: FileRules;
  summary: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const { getValues, clearErrors, setError } = form;

  async function check(): Promise<boolean> {
    const schemas = await loadApplicationSchemas();
    const out = problemsOf(schemas, getValues(), step, kind, mode, rules);
    const mine = pathsOfStep(out, step);
    clearErrors();
    for (const p of mine) {
      setError(p as Path<ApplicationFormValues>, { type: 'validate', message: out[p] });
    }
    return mine.length === 0;
  }

  /** "Business name" for the summary; an owner's field as "Owner 2, Name". */
  function labelOf(path: string, docs: DocSpec[]): string {
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

  const flat = flattenErrors(form.formState.errors);
  const items = summary
    ? pathsOfStep(flat, step).map((p) => ({
        path: p,
        text: `${labelOf(p, rules.docs)}: ${tMessage(flat[p])}`,
      }))
    : [];
  return { check, items };
}
