/**
 * The application form's step navigation (issue 17 §2): the step in the URL (`?step=owners`,
 * so the browser's Back works and a reload stays on it), whether the error summary is shown,
 * and moving the focus to a field once its step is on screen (an error link, "Change").
 */
import { notifications, notificationsStore } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import type { Path, UseFormSetFocus } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { ApplicationFormValues, Mode } from './formModel';
import { parseStep, STEPS, type Step } from './steps';

/** How often and how many times to try focusing a field whose step is still rendering. */
const FOCUS_EVERY_MS = 50;
const FOCUS_TRIES = 20;

/**
 * Focuses the form field of `path` (`docs.<slug>` → the `doc_<slug>` input); true when it has
 * the focus. A file input is not focused itself: react-hook-form's ref (its button) is.
 */
function focusField(path: string, setFocus: UseFormSetFocus<ApplicationFormValues>): boolean {
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

/**
 * Clears the toasts, if any. `notifications.clean()` writes a new empty list even when there is
 * none, and the toasts' container reads the store through useSyncExternalStore, which renders
 * a changed store synchronously: on a step's first commit that pulled every effect of the
 * commit into its task (docs/performance.md "Nothing rendered again in the first commit").
 */
function cleanToasts() {
  const { notifications: shown, queue } = notificationsStore.getState();
  if (shown.length + queue.length > 0) notifications.clean();
}

/** The step of the form and the means to move between steps; an edit starts at "check". */
export function useStepNavigation(mode: Mode, setFocus: UseFormSetFocus<ApplicationFormValues>) {
  const [params, setParams] = useSearchParams();
  const step = parseStep(params.get('step'), mode === 'edit' ? 'check' : 'business');
  const stepNo = STEPS.indexOf(step);
  /** The error summary is shown (after Continue or submit found problems on this step). */
  const [summary, setSummary] = useState(false);
  /** The field to focus once its step is on screen. */
  const [focusPath, setFocusPath] = useState<string | null>(null);
  const top = useRef<HTMLDivElement>(null);
  const focusNow = useRef(setFocus);
  focusNow.current = setFocus;

  // Toasts of the screen before do not carry over to this one (issue 17 §2).
  useEffect(() => {
    cleanToasts();
    return cleanToasts;
  }, [step]);

  // Once the step with the field is rendered, focus the field (error link, "Change"). The
  // step's lists may still be arriving and re-rendering it: try again for a moment.
  useEffect(() => {
    if (!focusPath) return;
    let tries = 0;
    const id = window.setInterval(() => {
      tries += 1;
      if (focusField(focusPath, focusNow.current) || tries >= FOCUS_TRIES) {
        window.clearInterval(id);
        setFocusPath(null);
      }
    }, FOCUS_EVERY_MS);
    return () => window.clearInterval(id);
  }, [focusPath]);

  /** Opens step `next`; `focus` a field on it, `keepSummary` to show its errors' summary. */
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

  return {
    step,
    stepNo,
    summary,
    setSummary,
    top,
    goTo,
    /** Focuses the field of `path` now; true when it has the focus. */
    focus: (path: string) => focusField(path, setFocus),
  };
}

export type StepNavigation = ReturnType<typeof useStepNavigation>;
