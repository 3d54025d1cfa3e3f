/** Users for client tests. */
import { ALL_PERMISSIONS } from '../../shared/permissions.js';
import type { User } from '../../shared/schemas/auth.js';

/** The system admin: every permission. */
export const admin: User = {
  id: 1,
  name: 'System Administrator',
  username: 'admin',
  phone: '9800000001',
  email: null,
  gender: 'male',
  userType: 'systemadmin',
  wardId: null,
  photoFileId: null,
  citizenshipFileId: null,
  lang: 'en-US',
  roles: ['systemadmin'],
  permissions: [...ALL_PERMISSIONS],
};

/** A record's English and Nepali names, as the API sends them. */
export const named = (en: string, ne: string) => ({ nameEn: en, nameNe: ne });

/**
 * The fields of a complete single-owner application as the form holds them: every client
 * check passes, so only the server can refuse it.
 */
export const SINGLE_APPLICATION = {
  businessName: 'Himal Traders',
  ownerName: 'Sita Sharma',
  fatherOrHusbandName: 'Ram Sharma',
  businessTypeId: '1',
  permStateId: '3',
  permDistrictId: '29',
  permCityId: '300',
  permWardNo: '4',
  wardId: '5',
  locAddress: 'Mangal Bazar',
  locMobile: '9841000001',
  capitalMax: '500000',
  capitalCurrent: '300000',
  capitalPaidUp: '200000',
  applicantName: 'Sita Sharma',
  applicantAddress: 'Kirtipur-4',
  applicantContact: '9841000001',
};

/**
 * A GET /api/dashboard answer: the given counts plus empty chart series (issue 7 §3), as the
 * server sends for a year without registrations.
 */
export const dashboardData = (counts: Record<string, number>) => ({
  total: 0,
  pending: 0,
  verified: 0,
  paid: 0,
  approved: 0,
  rejected: 0,
  paidAmount: 0,
  users: 0,
  ...counts,
  fiscalYear: null,
  byWard: [],
  byBusinessType: [],
  revenueByMonth: [],
});
