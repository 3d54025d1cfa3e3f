/**
 * English strings of the requests about an approved registration (issue 19 §1–3): amendment,
 * closure and duplicate certificate — their pages, the detail page's parts, the service labels
 * and their manual topics. Merged into en-US.ts (`requests`, `service`, `manual.topics`); the
 * Nepali twin is ./ne-requests.ts, with the same keys.
 */
const requestsEn = {
  service: {
    registration: 'Registration',
    renewal: 'Renewal',
    amendment: 'Amendment',
    closure: 'Closure',
    duplicate: 'Duplicate certificate',
  },
  requests: {
    amend: 'Amend',
    close: 'Close business',
    duplicate: 'Duplicate certificate',
    inProgress: {
      amendment: 'Amendment in progress',
      closure: 'Closure in progress',
      duplicate: 'Duplicate certificate in progress',
    },
    banner: {
      amendment: 'Amendment of registration {{no}}',
      closure: 'Closure of registration {{no}}',
      duplicate: 'Duplicate certificate of registration {{no}}',
    },
    closedOn: 'Closed on {{date}}',
    closedNote: 'This business is closed. Its certificate is no longer valid.',
    closureLetter: 'Download the closure letter (PDF)',
    duplicates: {
      title: 'Duplicate certificates issued',
      issuedAt: 'Issued on',
      request: 'Request',
      reason: 'Reason',
      details: 'Details',
    },
    reasons: { lost: 'Lost', damaged: 'Damaged', other: 'Other' },
    changes: {
      title: 'Requested changes',
      field: 'Detail',
      before: 'Before',
      after: 'After',
      none: 'No change is recorded.',
      single: 'Single owner',
      multiple: 'Several owners',
      noOwners: 'None (single owner)',
      ward: 'Ward {{n}} {{name}}',
    },
    kind: 'Ownership',
    several: 'The business has several owners (2 to 4)',
    subject: 'Registration',
    viewRegistration: 'View the registration',
    viewRequest: 'View the request in progress',
    cannotRequest: 'This request cannot be made now.',
    submitted: 'Request submitted. Submission no. {{no}}.',
    remarks: 'Remarks (optional)',
    verify: {
      supersededHeading: 'This certificate has been replaced',
      supersededText:
        'A newer version of this certificate was issued (after an amendment, or as a duplicate). Only the newest one is valid.',
      closedHeading: 'This business is closed',
      closedText:
        'The registration was closed at the owner’s request. The certificate is no longer valid.',
      copy: 'Copy',
      duplicate: 'Duplicate (प्रतिलिपि) issued on {{date}}',
      amendment: 'Amended version issued on {{date}}',
    },
    amendPage: {
      title: 'Amend registration',
      intro:
        'Change what has changed; everything else stays as registered. The ward office verifies the request and the amendment fee is billed; once paid and approved, a new version of the certificate is issued with the same registration number.',
      sectionsHint: 'The form shows the registration as it is now.',
      fee: 'The amendment fee is shown on the request once the office verifies it.',
      submit: 'Submit amendment',
    },
    closePage: {
      title: 'Close business',
      intro:
        'Closing ends the registration (खारेजी). After the office verifies the request, any arrears of missed renewals and the closure fee are billed. Once they are paid and the closure is approved, the registration is closed and its certificate is no longer valid.',
      reason: 'Why is the business closing?',
      submit: 'Submit closure request',
    },
    duplicatePage: {
      title: 'Duplicate certificate',
      intro:
        'Lost or damaged the certificate? Ask for a copy. After the fee is paid and the request approved, a copy marked “Duplicate” is issued with its own issue date; the earlier certificate is no longer valid.',
      reason: 'Reason',
      details: 'Details',
      detailsHelp: 'Needed when the reason is “Other”.',
      submit: 'Request duplicate',
    },
  },
  manualTopics: {
    amend: {
      title: 'Amend a registration',
      intro:
        'When the capital, the name, the business type, the owners, the place of business or the rent change, amend the registration. It keeps its number.',
      steps: {
        open: 'Open the approved registration and press <b>$t(requests.amend)</b>.',
        change:
          'The form shows the registration as it is. Change what has changed: for example the capital, or the ward if the business moved.',
        submit:
          'Press <b>$t(requests.amendPage.submit)</b>. The request page compares before and after.',
        next: 'The office verifies it and bills the amendment fee. After payment and approval, download the new certificate.',
      },
      alt: {
        amend: 'The amendment form with the capital and the ward',
        'amend-compare': 'The request page comparing the details before and after',
      },
    },
    close: {
      title: 'Close a business',
      intro: 'Closing the business ends its registration (खारेजी).',
      steps: {
        open: 'Open the approved registration and press <b>$t(requests.close)</b>.',
        reason: 'Write why the business is closing and press <b>$t(requests.closePage.submit)</b>.',
        pay: 'The office verifies it and bills any missed renewals and the closure fee. Pay them.',
        done: 'Once approved, the registration shows <b>$t(status.closed)</b> and the certificate is no longer valid.',
      },
      alt: { close: 'The closure form with the reason' },
    },
    duplicate: {
      title: 'Get a duplicate certificate',
      intro: 'Lost or damaged the certificate? Ask for a copy marked “Duplicate”.',
      steps: {
        open: 'Open the approved registration and press <b>$t(requests.duplicate)</b>.',
        reason:
          'Choose the reason, add details, and press <b>$t(requests.duplicatePage.submit)</b>.',
        done: 'After the fee is paid and the request approved, download the copy from the registration. The registration lists every duplicate issued.',
      },
      alt: { duplicate: 'The duplicate certificate form with the reason' },
    },
  },
};

export default requestsEn;
export type RequestMessages = typeof requestsEn;
