/**
 * Counter module (issue 19 §4): staff find or create a walk-in applicant's account and upload
 * their scans (applicants.ts); its routes are routes.ts, registered by app.ts. Filing the
 * application for them is the registrations module's (Submissions.create with an owner); the
 * acknowledgement slip and the public tracking are the certificates module's.
 */
export { counterApplicant, createApplicant, findApplicants, inviteSmsText } from './applicants.js';
