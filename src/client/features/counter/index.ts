/**
 * Counter filing (issue 19 §4): staff find or create a walk-in applicant, upload their scans and
 * fill in the application form for them; the public status page an acknowledgement slip's QR
 * code opens. The pages are lazy-loaded by file (src/client/app/App.tsx); other features use
 * only what is exported here.
 */
export { applicantKey } from './api';
