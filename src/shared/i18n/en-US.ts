/**
 * English strings. Every key must also exist, non-empty, in ne.ts (checked by
 * src/shared/i18n/i18n.test.ts). SPEC §5/§8 texts are kept verbatim, typos included,
 * because the SPEC fixes them.
 */
const enUS = {
  app: { name: 'Darta', tagline: 'Online business registration' },
  validation: {
    required: 'This filed is required',
    numeric: 'This filed should be numbe only',
    tooLong: 'This is too long',
    mobile: 'Enter a 10-digit mobile number starting with 97 or 98',
    email: 'Enter a valid email address',
    password: 'Use 8 or more characters with at least one letter and one number',
    passwordMatch: 'The passwords do not match',
    username: 'Use 3 to 40 letters, numbers, dots or underscores, starting with a letter',
    date: 'Enter a valid date',
    futureDate: 'This date cannot be in the future',
    choice: 'Choose a valid option',
    range: 'This value is out of range',
    capitalOrder: 'Paid-up capital must not exceed current capital, nor current the maximum',
    file: 'Upload a JPEG, PNG or PDF file of at most 5 MB',
    filters: 'The filters are not valid',
    invalid: 'The submitted data is not valid',
  },
  errors: {
    validation: 'The given data was invalid.',
    notFound: 'Resource not found.',
    unauthorized: 'Unauthorized Access.',
    unauthenticated: 'Please sign in again.',
    server: 'Internal Server Error.',
    conflict: 'This action is not allowed in the current state.',
    invalidCredentials: 'The username or password is incorrect.',
    locked: 'Too many failed attempts. Try again in {{minutes}} minutes.',
    fileTooLarge: 'The file is larger than 5 MB.',
    fileType: 'Only JPEG, PNG or PDF files are accepted.',
    usernameTaken: 'This username is already taken.',
    phoneTaken: 'This phone number is already registered.',
    noTaxBand: 'No tax setup covers this business type and capital for the fiscal year.',
    noFiscalYear: 'No active fiscal year is set up.',
    receiptTaken: 'This receipt number is already used in this fiscal year.',
    tooManyRequests: 'Too many requests. Please wait and try again.',
    badRequest: 'The request is not valid.',
    unknownSort: 'Cannot sort by "{{key}}".',
    unknownFilter: 'Unknown filter "{{key}}".',
    actionFailed: 'Action failed',
  },
};

export default enUS;
export type Messages = typeof enUS;
