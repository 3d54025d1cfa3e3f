/** English strings of counter filing and public tracking (issue 19 §4); spread into en-US.ts. */
const counterEn = {
  counter: {
    title: 'Counter filing',
    intro:
      'File for an applicant who came to the office in person: find or create their account, upload their scans, then fill in the form for them.',
    findTitle: '1. Find the applicant',
    searchLabel: 'Mobile or citizenship number',
    searchHelp: 'The exact number, as on the phone or the citizenship certificate.',
    search: 'Search',
    noneFound: 'No applicant has this number. Create the account below.',
    pick: 'Select',
    createTitle: 'New applicant',
    create: 'Create the account',
    name: 'Full name',
    phone: 'Mobile number',
    email: 'Email (optional)',
    citizenshipNo: 'Citizenship number (optional)',
    gender: 'Gender',
    lang: 'Language of the SMS',
    created: 'The account was created. An SMS invites {{name}} to set a password.',
    applicant: 'Applicant',
    unclaimed: 'Has not set a password yet',
    scansTitle: '2. Scanned documents',
    photo: 'Photo',
    citizenship: 'Citizenship document',
    upload: 'Upload the scans',
    present: 'On the profile',
    missing: 'Missing',
    scansSaved: "The scans were saved to the applicant's profile.",
    scansNeeded: 'Upload both the photo and the citizenship scan before filing.',
    fileTitle: '3. File the application',
    continue: 'Continue to the application form',
    change: 'Choose another applicant',
    onBehalf: 'On behalf of {{name}}',
    onBehalfHelp:
      'You are filing at the counter for {{name}} ({{phone}}). The application will be theirs and uses their profile photo and citizenship.',
    applicationsTitle: '4. Their applications and registrations',
    applicationsHelp: 'Open one to print its slip, or file a request about a registration.',
    noApplications: 'None yet in your wards.',
    validUntil: 'Valid until',
    open: 'Open',
    printSlip: 'Print acknowledgement slip',
    smsInvite:
      'Darta: the ward office made an account for you to follow your business application. To sign in with your mobile number {{phone}}, first set a password at {{link}}',
  },
  track: {
    title: 'Application status',
    intro: 'The status of the application on your acknowledgement slip. No sign-in needed.',
    submissionNo: 'Submission No.',
    service: 'Service',
    business: 'Business',
    status: 'Status',
    submitted: 'Submitted (BS)',
    updated: 'Last updated (BS)',
    notFound:
      'This tracking code is not valid. Check the code on the slip, or ask at the ward office.',
    services: {
      registration: 'Registration',
      renewal: 'Renewal',
      amendment: 'Amendment',
      closure: 'Closure',
      duplicate: 'Duplicate certificate',
    },
  },
};

export default counterEn;

/** The user manual's topic `counter-filing` (manual.topics; topics.ts). */
export const counterManualEn = {
  title: 'File for a walk-in applicant',
  intro:
    'Many applicants come to the ward office without a smartphone. Staff can file the application for them, and give them a slip to follow it.',
  steps: {
    open: 'In the menu, open <b>$t(counter.title)</b>.',
    find: 'Type the applicant’s mobile or citizenship number and press <b>$t(counter.search)</b>. Press <b>$t(counter.pick)</b> beside their name.',
    create:
      'Not found? Fill in <b>$t(counter.createTitle)</b> and press <b>$t(counter.create)</b>. An SMS invites them to set a password with their mobile number.',
    scans:
      'Choose the scanned photo and citizenship and press <b>$t(counter.upload)</b>. They are saved on the applicant’s profile.',
    form: 'Choose single or multiple owners and fill in the form as usual. It is submitted as the applicant’s application.',
    requests:
      'To amend, close or copy a registration of theirs, press its button under <b>$t(counter.applicationsTitle)</b>.',
    slip: 'After the counter payment, press <b>$t(counter.printSlip)</b> on the application and give the slip to the applicant. Its QR code shows the status without signing in.',
  },
  alt: {
    'counter-filing':
      'Counter filing: the chosen applicant, their scanned documents, and the buttons to the form',
  },
};
