/**
 * A person's label for every audit action code the server writes (issue 17 §7): the audit log
 * shows "Application verified", not `application.verify`. Codes are of three kinds:
 * - fixed codes (`login.fail`, `payment.complete`, …): one catalogue key each;
 * - lifecycle codes `application.<action>` (src/shared/lifecycle.ts ACTIONS, edit, resubmit);
 * - generic setup codes `<resource>.<verb>` (resources/service.ts): one key per verb with the
 *   resource's name as `{{what}}` ("Fiscal year created").
 * `src/server/modules/audit/labels.test.ts` reads every code the server writes and fails when
 * one has no label here, in both languages.
 */
import { SETUP_RESOURCES } from './permissions.js';

/** Fixed code → catalogue key. */
const FIXED: Record<string, string> = {
  login: 'audit.actions.login',
  'login.fail': 'audit.actions.login_fail',
  'login.lock': 'staff.audit.actions.login_lock',
  'login.locked': 'audit.actions.login_locked',
  logout: 'audit.actions.logout',
  register: 'audit.actions.register',
  'auth.rejected': 'audit.actions.auth_rejected',
  'auth.denied': 'audit.actions.auth_denied',
  'password.change': 'audit.actions.password_change',
  'password.change.fail': 'audit.actions.password_change_fail',
  'password.reset': 'audit.actions.password_reset',
  'password.forgot.unknown': 'audit.actions.password_forgot_unknown',
  'otp.send': 'audit.actions.otp_send',
  'otp.check': 'audit.actions.otp_check',
  'otp.check.failed': 'audit.actions.otp_check_failed',
  'profile.update': 'audit.actions.profile_update',
  'profile.documents': 'audit.actions.profile_documents',
  'profile.reminders': 'audit.actions.profile_reminders',
  'renewal.remind': 'audit.actions.renewal_remind',
  'application.submit': 'audit.actions.application_submit',
  'application.submit-counter': 'audit.actions.application_submit_counter',
  'counter.applicant-create': 'audit.actions.counter_applicant_create',
  'counter.documents': 'audit.actions.counter_documents',
  'application.checklist': 'audit.actions.application_checklist',
  'application.message': 'audit.actions.application_message',
  'application.renew': 'audit.actions.application_renew',
  'application.renewal.submit': 'audit.actions.application_renewal_submit',
  'application.amendment.submit': 'audit.actions.application_amendment_submit',
  'application.closure.submit': 'audit.actions.application_closure_submit',
  'application.duplicate.submit': 'audit.actions.application_duplicate_submit',
  'application.amend': 'audit.actions.application_amend',
  'application.close': 'audit.actions.application_close',
  'application.duplicate': 'audit.actions.application_duplicate',
  'application.edit': 'staff.audit.actions.application_edit',
  'application.resubmit': 'staff.audit.actions.application_resubmit',
  'application.verify': 'staff.audit.actions.application_verify',
  'application.pay': 'staff.audit.actions.application_pay',
  'application.approve': 'staff.audit.actions.application_approve',
  'application.reject': 'staff.audit.actions.application_reject',
  'application.cancel': 'staff.audit.actions.application_cancel',
  'application.terminate': 'staff.audit.actions.application_terminate',
  'application.accept': 'staff.audit.actions.application_accept',
  'certificate.revoke': 'audit.actions.certificate_revoke',
  'payment.initiate': 'audit.actions.payment_initiate',
  'payment.refused': 'audit.actions.payment_refused',
  'payment.record': 'audit.actions.payment_record',
  'payment.complete': 'staff.audit.actions.payment_complete',
  'payment.refund_due': 'staff.audit.actions.payment_refund_due',
  'payment.refund': 'staff.audit.actions.payment_refund',
  'outbox.retry': 'audit.actions.outbox_retry',
  'calendar.correct': 'audit.actions.calendar_correct',
  'calendar.remove': 'audit.actions.calendar_remove',
  'settings.update': 'staff.audit.actions.settings_update',
  'settings.emblem': 'staff.audit.actions.settings_emblem',
  'fiscal-years.make-current': 'staff.audit.actions.fiscal_years_make_current',
};

/** Verbs of the generic setup resources' audit codes. */
export const RESOURCE_VERBS = ['create', 'update', 'dropdown', 'status', 'delete'] as const;

/** A label: the catalogue key, and for setup codes the key of the resource's name. */
export interface AuditLabel {
  key: string;
  /** catalogue key of `{{what}}` */
  what?: string;
}

/** The label of `code`, or null when it has none (the log then shows the code itself). */
export function auditLabel(code: string): AuditLabel | null {
  const fixed = FIXED[code];
  if (fixed) return { key: fixed };
  const dot = code.lastIndexOf('.');
  const resource = code.slice(0, dot);
  const verb = code.slice(dot + 1);
  if (
    (SETUP_RESOURCES as readonly string[]).includes(resource) &&
    (RESOURCE_VERBS as readonly string[]).includes(verb)
  ) {
    return { key: `staff.audit.verb.${verb}`, what: `staff.audit.entity.${resource}` };
  }
  return null;
}

/** Catalogue key of a record kind (`entity` of an audit row), or null. */
export function auditEntityKey(entity: string): string {
  return `staff.audit.entity.${entity}`;
}
