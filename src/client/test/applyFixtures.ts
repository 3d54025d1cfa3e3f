/**
 * The setup data and the fee bill the application form's client tests answer with
 * (features/apply/*.test.tsx): required files of each kind, one of each place, a bill in paisa.
 */
/** The setup's required files: create-only (lalpurja, compulsory), optional, update-only. */
export const FILES = [
  {
    id: 3,
    slug: 'rent-agreement',
    nameEn: 'Rent agreement',
    nameNe: 'भाडा सम्झौता',
    requiredIn: 'both' as const,
    isRequired: false,
  },
  {
    id: 5,
    slug: 'lalpurja',
    nameEn: 'Lalpurja',
    nameNe: 'लालपुर्जा',
    requiredIn: 'create' as const,
    isRequired: true,
  },
  {
    id: 4,
    slug: 'tax-clearance',
    nameEn: 'Tax clearance',
    nameNe: 'कर चुक्ता',
    requiredIn: 'update' as const,
    isRequired: true,
  },
];

export const DATA: Record<string, unknown[]> = {
  '/api/business-types/all': [{ id: 1, nameEn: 'Retail shop', nameNe: 'खुद्रा पसल' }],
  '/api/states/all': [{ id: 3, nameEn: 'Bagmati', nameNe: 'बागमती' }],
  '/api/districts/all': [{ id: 29, stateId: 3, nameEn: 'Kathmandu', nameNe: 'काठमाडौं' }],
  '/api/cities/all': [
    { id: 300, districtId: 29, nameEn: 'Kirtipur', nameNe: 'कीर्तिपुर', wardCount: 10 },
  ],
  '/api/wards/all': [{ id: 5, number: 2, nameEn: 'Ward 2', nameNe: 'वडा २' }],
  '/api/required-files/all': FILES,
};

export const BILL = {
  lines: [
    { key: 'businessTax', amount: 150000, rule: '' },
    { key: 'fine', amount: 0, rule: '' },
    { key: 'rentTax', amount: 0, rule: '' },
    { key: 'adminCost', amount: 10000, rule: '' },
    { key: 'discount', amount: 0, rule: '' },
  ],
  businessTax: 150000,
  fine: 0,
  rentTax: 0,
  adminCost: 10000,
  discount: 0,
  total: 160000,
  bandId: 1,
};

/** An applicant whose profile has the photo and citizenship certificate (the form is offered). */
export const APPLICANT = {
  id: 3,
  name: 'Sita Sharma',
  username: 'sita',
  phone: '9841000001',
  email: null,
  gender: 'female' as const,
  userType: 'user' as const,
  wardId: null,
  photoFileId: 11,
  citizenshipFileId: 12,
  lang: 'en-US' as const,
  roles: ['user'],
  permissions: ['view-applications', 'create-applications', 'renew-applications'],
};
