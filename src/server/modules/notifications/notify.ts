/**
 * Notifications to applicants (SPEC §2 "send notification", issue 5 §5). Each one is an
 * in-app notification plus an SMS to the applicant's phone and, when they gave an address and
 * SMTP is configured, an email; all are written inside the transaction of the change they
 * report (the outbox delivers them), in the language the applicant applied in.
 */
import { eq } from 'drizzle-orm';
import { formatAdAsBs, formatPaisa, toNepaliDigits } from '../../../shared/format.js';
import { normalizeLang, translate, type Lang } from '../../../shared/i18n/index.js';
import type { Db, Tx } from '../../db/client.js';
import { applications, notifications, users } from '../../db/schema.js';
import { enqueue } from './outbox.js';

/** What happened: a lifecycle action, a renewal's approval, or a free-text message. */
export type NotifyKind =
  | 'verify'
  | 'pay'
  | 'approve'
  | 'renew'
  | 'accept'
  | 'reject'
  | 'cancel'
  | 'terminate'
  | 'manual'
  | 'refundDue'
  | 'refunded'
  // issue 19: the approval of an amendment, a closure, a duplicate certificate
  | 'amend'
  | 'close'
  | 'duplicate'
  // issue 19 §5: renewal reminders
  | 'renewalDue'
  | 'renewalExpired';

/** Kinds that are renewal reminders (issue 19 §5): the outbox shows them as `reminder`. */
const REMINDER_KINDS: ReadonlySet<string> = new Set(['renewalDue', 'renewalExpired']);

/** What a notification says, language-neutral: amounts in paisa, dates AD. */
export interface NotificationVars {
  business: string;
  submissionNo: string;
  registrationNo: string;
  expiry: string | null;
  amount: number | null;
  remarks: string;
  message: string;
  link: string;
}

/**
 * The title and text of a notification in `lang` (the in-app list renders in the UI's language).
 * Nepali carries Devanagari digits throughout (issue 17 §8): amounts, dates and the submission
 * and registration numbers; only the link stays as it is.
 */
export function renderNotification(lang: Lang, kind: string, v: NotificationVars) {
  const digits = (s: string) => (lang === 'ne' ? toNepaliDigits(s) : s);
  const vars = {
    ...v,
    submissionNo: digits(v.submissionNo),
    registrationNo: digits(v.registrationNo),
    expiry: v.expiry ? formatAdAsBs(v.expiry, lang) : '',
    amount: v.amount != null ? formatPaisa(v.amount, lang) : '',
    // a refund's reason is stored as its code and told in the reader's language
    remarks:
      kind === 'refundDue' ? translate(lang, `payments.refundReason.${v.remarks}`) : v.remarks,
  };
  return {
    title: translate(lang, 'notify.subject', vars),
    body: translate(lang, `notify.${kind}`, vars),
  };
}

export class Notifier {
  constructor(
    private readonly publicUrl: string,
    private readonly mailEnabled: boolean,
  ) {}

  /**
   * Writes the notification of `kind` about application `applicationId` for its applicant.
   * `certificateOf` is the application whose certificate the link opens (the registration,
   * for a renewal); `linkPath` replaces that link (a path of the app, e.g. the renew page).
   * Amounts in paisa, dates AD; both are shown in the applicant's language. Returns the id of
   * the SMS in the outbox (null when the application does not exist).
   */
  async toApplicant(
    tx: Db | Tx,
    applicationId: number,
    kind: NotifyKind,
    extra: {
      remarks?: string | null;
      amount?: number;
      message?: string;
      certificateOf?: number;
      linkPath?: string;
    } = {},
  ): Promise<number | null> {
    const [row] = await tx
      .select({ app: applications, user: users })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .where(eq(applications.id, applicationId));
    if (!row) return null;
    const { app, user } = row;
    const lang = normalizeLang(app.lang);
    let registrationNo = app.registrationNo ?? '';
    let expiry = app.expiryDate;
    const registrationId = app.renewalOfId ?? app.subjectId;
    if (registrationId && (kind === 'renew' || !registrationNo)) {
      const [reg] = await tx
        .select({ no: applications.registrationNo, expiry: applications.expiryDate })
        .from(applications)
        .where(eq(applications.id, registrationId));
      registrationNo = reg?.no ?? registrationNo;
      expiry = reg?.expiry ?? expiry;
    }
    const raw: NotificationVars = {
      business: app.businessName,
      submissionNo: app.submissionNo,
      registrationNo,
      expiry: expiry ?? null,
      amount: extra.amount ?? null,
      remarks: extra.remarks ?? '',
      message: extra.message ?? '',
      link: `${this.publicUrl}${extra.linkPath ?? `/business/certificate/${extra.certificateOf ?? app.id}`}`,
    };
    const { title, body } = renderNotification(lang, kind, raw);
    await tx.insert(notifications).values({
      userId: user.id,
      applicationId: app.id,
      kind,
      title,
      body,
      vars: raw,
    });
    const outboxKind =
      kind === 'manual' ? 'manual' : REMINDER_KINDS.has(kind) ? 'reminder' : 'status';
    const common = { kind: outboxKind, userId: user.id };
    const smsId = await enqueue(tx, {
      ...common,
      channel: 'sms',
      recipient: user.phone,
      body,
      applicationId: app.id,
    });
    if (this.mailEnabled && user.email) {
      await enqueue(tx, {
        ...common,
        channel: 'email',
        recipient: user.email,
        subject: title,
        body,
        applicationId: app.id,
      });
    }
    return smsId;
  }
}
