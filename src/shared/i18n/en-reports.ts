/**
 * English strings of the public register and the staff reports (issue 19 §6, §7), kept in a
 * file of their own and spread into en-US.ts (`publicRegister`, `reports`, and the manual's two
 * topics `manualTopics`); the Nepali ones are in ./ne-reports.ts, with the same keys.
 */
export const reportsEn = {
  publicRegister: {
    nav: 'Registered businesses',
    title: 'Registered businesses',
    intro: 'Search the businesses registered with the palika by name or registration number.',
    searchLabel: 'Business name or registration no.',
    search: 'Search',
    hint: 'Type at least 3 characters, in English or Nepali.',
    empty: 'No registered business matches “{{q}}”.',
    registrationNo: 'Registration no.',
    businessType: 'Business type',
    ward: 'Ward',
    statusLabel: 'Status',
    validUntil: 'Valid until (BS)',
    status: { registered: 'Registered', expired: 'Expired', closed: 'Closed' },
    note: 'Only public facts are shown. To check a certificate, type the code printed on it.',
    verifyLink: 'Check a certificate',
    signIn: 'Sign in',
    previous: 'Previous',
    next: 'Next',
    page: 'Page {{page}}',
    lastPage: 'Only the first 200 results are shown: type more of the name to narrow the search.',
    tooMany: 'Too many searches from this device. Wait a minute and try again.',
  },
  reports: {
    nav: 'Reports',
    title: 'Reports',
    tabs: {
      receipts: 'Receipt register',
      refunds: 'Cancelled and refunded',
      collection: 'Collection',
      age: 'Applications by age',
    },
    period: 'Period',
    fiscalYear: 'Fiscal year {{code}}',
    custom: 'Dates (BS)',
    receiptDate: 'Receipt date (BS)',
    payer: 'Payer',
    registrationNo: 'Registration no.',
    applicationNo: 'Application / registration no.',
    refundReference: 'Refund reference',
    groupBy: 'Group by',
    by: { ward: 'Ward', channel: 'Channel', businessType: 'Business type', month: 'Month (BS)' },
    receipts: 'Receipts',
    amount: 'Amount',
    total: 'Total',
    status: 'Status',
    age: {
      d0_7: '0–7 days',
      d8_30: '8–30 days',
      d31_90: '31–90 days',
      d90plus: 'Over 90 days',
      total: 'Total',
    },
    receiptsIntro:
      'Every receipt of the period: credited to a bill, due for refund (the receipt is cancelled) or refunded.',
    refundsIntro: 'Receipts whose money could not be credited: due for refund, or paid back.',
    collectionIntro:
      'Money credited to bills in the period. Refunds due and refunded money are in the receipt register.',
    ageIntro: 'Applications submitted in the period, by status and days since submission.',
    totals: {
      count: 'Receipts',
      total: 'Received',
      credited: 'Credited',
      refundDue: 'Refund due',
      refunded: 'Refunded',
    },
    empty: 'Nothing in this period.',
    loadMore: 'Show more',
    shown: '{{shown}} of {{count}} shown',
  },
};

/** The manual's topics of the public register and the reports (merged into manual.topics). */
export const reportsManualEn = {
  publicRegister: {
    title: 'Search the registered businesses',
    intro:
      'Anyone can see whether a business is registered, without an account: its name, type, ward, status and validity. No personal details are shown.',
    steps: {
      open: 'On the sign-in page press <b>$t(auth.publicRegisterLink)</b>, or open the /public-register page of Darta.',
      search:
        'Type at least 3 characters of the business name (in English or Nepali) or its registration number in <b>$t(publicRegister.searchLabel)</b> and press <b>$t(publicRegister.search)</b>.',
      read: 'Each result shows the business type, the ward and <b>$t(publicRegister.validUntil)</b>, and whether it is $t(publicRegister.status.registered), $t(publicRegister.status.expired) or $t(publicRegister.status.closed).',
    },
    alt: { 'public-register': 'The public register with the results of a search' },
  },
  reports: {
    title: 'Reports: receipts, collection and applications',
    intro:
      'Staff who see payments have reports of the money received and of the applications. A ward admin sees their own ward only.',
    steps: {
      open: 'Open <b>$t(reports.nav)</b> in the menu.',
      period:
        'Choose the <b>$t(reports.period)</b>: a fiscal year, or <b>$t(reports.custom)</b> with a start and end date. Choose a ward if needed.',
      tabs: 'Choose a report: <b>$t(reports.tabs.receipts)</b>, <b>$t(reports.tabs.refunds)</b>, <b>$t(reports.tabs.collection)</b> (by ward, channel, business type or month) or <b>$t(reports.tabs.age)</b>.',
      export:
        'Press <b>$t(export.button)</b> and choose <b>$t(export.csv)</b> or <b>$t(export.xlsx)</b> to save the report as a file, in the language of the screen.',
    },
    alt: { reports: 'The collection by ward with its total and the export button' },
  },
};
