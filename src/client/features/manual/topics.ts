/**
 * The user manual's table of contents (SPEC §1 "user manual section", issue 7 §5). Each topic
 * is a page anchor (`/manual#apply`) whose texts live in the catalogue under
 * `manual.topics.<id>`: `title`, `intro`, one `steps.<step>` per entry of `steps` (in order)
 * and one `alt.<image>` per entry of `images`. The pictures are made by e2e/manual.spec.ts
 * into src/client/public/manual/{en,ne}/<image>.jpg, so a renamed screen fails a test rather
 * than showing a broken picture. Kept free of React so the e2e spec can import it.
 */
export type Audience = 'applicant' | 'staff';

export interface ManualTopic {
  /** Anchor id and catalogue key. */
  id: string;
  audience: Audience;
  /** Catalogue keys of the numbered steps, in order. */
  steps: readonly string[];
  /** Screenshot names (file `<name>.jpg`), one or two per topic. */
  images: readonly string[];
}

const topic = (id: string, audience: Audience, steps: string[], images: string[]): ManualTopic => ({
  id,
  audience,
  steps,
  images,
});

export const MANUAL_TOPICS: readonly ManualTopic[] = [
  topic(
    'register',
    'applicant',
    ['open', 'details', 'continue', 'code', 'done'],
    ['register', 'register-code'],
  ),
  topic('signin', 'applicant', ['signin', 'forgot', 'reset', 'language'], ['signin', 'forgot']),
  topic('profile', 'applicant', ['open', 'photo', 'citizenship', 'upload'], ['profile']),
  topic(
    'apply',
    'applicant',
    ['open', 'choose', 'owners', 'address', 'location', 'capital', 'documents', 'done'],
    ['apply', 'apply-multiple'],
  ),
  topic('status', 'applicant', ['list', 'open', 'bell', 'rejected'], ['status', 'notifications']),
  topic('pay', 'applicant', ['open', 'choose', 'back', 'counter'], ['pay']),
  topic('certificate', 'applicant', ['open', 'download', 'print'], ['certificate']),
  topic(
    'renew',
    'applicant',
    ['list', 'renew', 'estimate', 'files', 'next', 'old'],
    ['renew-list', 'renew'],
  ),
  topic('amend', 'applicant', ['open', 'change', 'submit', 'next'], ['amend', 'amend-compare']),
  topic('close', 'applicant', ['open', 'reason', 'pay', 'done'], ['close']),
  topic('duplicate', 'applicant', ['open', 'reason', 'done'], ['duplicate']),
  topic('verify', 'applicant', ['scan', 'type', 'read', 'fake'], ['verify']),
  // the public register (issue 19 §6)
  topic('publicRegister', 'applicant', ['open', 'search', 'read'], ['public-register']),
  topic('review', 'staff', ['find', 'docs', 'verify', 'reject'], ['review', 'reject']),
  topic('counter', 'staff', ['open', 'amount', 'receipt', 'scan', 'done'], ['counter']),
  topic(
    'counter-filing',
    'staff',
    ['open', 'find', 'create', 'scans', 'form', 'requests', 'slip'],
    ['counter-filing'],
  ),
  topic('approve', 'staff', ['find', 'check', 'approve', 'done'], ['approve']),
  topic('revoke', 'staff', ['open', 'revoke', 'reason', 'done'], ['revoke']),
  topic('setup', 'staff', ['open', 'add', 'tax', 'wards', 'status'], ['setup', 'setup-form']),
  topic('exports', 'staff', ['filter', 'export', 'wait'], ['exports']),
  topic(
    'payments',
    'staff',
    ['open', 'filter', 'receipt', 'reconcile'],
    ['payments', 'reconciliation'],
  ),
  topic('reminders', 'staff', ['find', 'remind', 'optout', 'settings'], ['reminders']),
  // the staff reports (issue 19 §7)
  topic('reports', 'staff', ['open', 'period', 'tabs', 'export'], ['reports']),
];

/**
 * Every screenshot is a 1024×700 viewport picture at device scale 1 (JPEG, quality 70), so
 * the page can give each `<img>` its size up front and nothing moves as pictures load.
 */
export const MANUAL_IMAGE = { width: 1024, height: 700 } as const;

/** The folder of a language's pictures: `en` or `ne`. */
export function manualFolder(lang: string): 'en' | 'ne' {
  return lang === 'ne' ? 'ne' : 'en';
}

/** Public URL of a screenshot, e.g. `/manual/ne/apply.jpg`. */
export function manualImageSrc(lang: string, image: string): string {
  return `/manual/${manualFolder(lang)}/${image}.jpg`;
}
