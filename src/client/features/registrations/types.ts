/**
 * Shapes of the applications API answers (docs/api.md; src/server/modules/registrations).
 * Dates are AD 'YYYY-MM-DD', instants ISO strings, money integer paisa.
 */
import type {
  AppAction,
  AppStatus,
  RegistrationRequest,
  Service,
} from '../../../shared/lifecycle.js';
import type { ServiceData } from '../../../shared/schemas/services.js';
import type { Bill } from '../../../shared/fees.js';

export interface Named {
  nameEn: string;
  nameNe: string;
}

/** A row of GET /api/applications. */
export interface ApplicationRow {
  id: number;
  submissionNo: string;
  registrationNo: string | null;
  businessName: string;
  ownerName: string;
  appStatus: AppStatus;
  submissionDate: string;
  expiryDate: string | null;
  createdAt: string;
  businessTypeId: number;
  businessTypeNameEn: string;
  businessTypeNameNe: string;
  wardId: number;
  wardNumber: number;
  /** issue 19: what the application asks for, and the registration a request is about */
  service?: Service;
  subjectId?: number | null;
}

export interface ApplicationDocument {
  id: number;
  /** 'photo' | 'citizenship' | 'old-certificate' | 'renew-proof' | a required-file slug */
  kind: string;
  fileId: number;
  mime: string;
  originalName: string;
  sizeBytes: number;
  /** Ids of the staff checklist boxes ticked for this document. */
  checks?: number[];
  requiredFileId?: number | null;
  nameEn?: string | null;
  nameNe?: string | null;
}

/** A row of GET /api/required-files/all. */
export interface RequiredFile extends Named {
  id: number;
  slug: string;
  requiredIn: 'create' | 'update' | 'both';
  isRequired: boolean;
}

/** A row of GET /api/checkboxes/all (the staff document checklist). */
export interface CheckboxOption extends Named {
  id: number;
}

/** Renewal timing of a quote: how late, how many fiscal years are paid for. */
export interface RenewalTiming {
  monthsLate: number;
  fiscalYearsDue: number;
  renewedBeforeExpiry: boolean;
}

/** POST /api/applications/quote; `problem` says why there is no bill. */
export interface Quote {
  bill: Bill | null;
  problem: string | null;
  timing?: RenewalTiming | null;
}

/** A row of GET /api/applications/renewals. */
export interface RenewalRow {
  id: number;
  registrationNo: string | null;
  businessName: string;
  ownerName: string;
  wardId: number;
  wardNumber: number;
  businessTypeId: number;
  businessTypeNameEn: string;
  businessTypeNameNe: string;
  /** AD */
  expiryDate: string;
  /** negative = expired that many days ago */
  daysToExpiry: number;
  isOldRegistration: boolean;
  renewalId: number | null;
  renewalStatus: AppStatus | null;
  /** when the last renewal reminder was queued (ISO instant), job or staff (issue 19 §5) */
  lastReminderAt: string | null;
  /** the applicant turned renewal reminders off */
  remindersOff: boolean;
}

export interface HistoryEntry {
  id: number;
  action: string;
  fromStatus: AppStatus | null;
  toStatus: AppStatus | null;
  remarks: string | null;
  createdAt: string;
  byName: string | null;
  byUserType: string | null;
  /** Fields an edit changed (issue 4): `{field: {from, to}}`. */
  changes?: Record<string, { from: unknown; to: unknown }> | null;
  /** Checklist entries: names of the checkbox ids in `changes` (issue 17 §7). */
  checkNames?: Record<string, { nameEn: string; nameNe: string }> | null;
}

export interface OwnerEntry {
  position: number;
  name: string;
  fatherOrHusbandName: string;
  citizenshipNo: string | null;
}

export interface PaymentRow {
  id: number;
  businessTax: number;
  fine: number;
  rentTax: number;
  adminCost: number;
  discount: number;
  total: number;
  paidDate: string | null;
  receiptNo: string | null;
  channel: string;
  payStatus: string;
}

/** GET /api/applications/{id}. */
export interface ApplicationDetail {
  id: number;
  appStatus: AppStatus;
  submissionNo: string;
  registrationNo: string | null;
  registrationDate: string | null;
  expiryDate: string | null;
  submissionDate: string;
  businessName: string;
  ownerName: string;
  fatherOrHusbandName: string;
  firmName: string | null;
  description: string | null;
  isRenewal: boolean;
  permWardNo: number;
  permTole: string | null;
  permChowk: string | null;
  locAddress: string;
  locTole: string | null;
  locMobile: string;
  capitalMax: number;
  capitalCurrent: number;
  capitalPaidUp: number;
  applicantName: string;
  applicantAddress: string;
  applicantContact: string;
  createdAt: string;
  businessType: Named;
  ward: Named & { id: number; number: number };
  permState: Named;
  permDistrict: Named;
  permCity: Named;
  fiscalYear: { code: string | null; nameNe: string | null } | null;
  bill: Bill | null;
  documents: ApplicationDocument[];
  history: HistoryEntry[];
  payments: PaymentRow[];
  certificate: {
    id: number;
    registrationNo: string;
    verifyCode: string;
    revoked: boolean;
    /** issue 19: the first issue, a new version after an amendment, or a duplicate */
    kind?: 'issue' | 'amendment' | 'duplicate';
  } | null;
  /** Issue 19: what the application asks for (a request about a registration: `subjectId`). */
  service?: Service;
  subjectId?: number | null;
  /** A request's own record: an amendment's sections and `changes` (per field {from, to}). */
  serviceData?: ServiceData | null;
  /** The registration a request is about. */
  subject?: RequestSubject | null;
  /** A registration's requests in progress, by service. */
  openRequests?: Partial<Record<RegistrationRequest, number>>;
  /** The duplicate certificates issued for a registration (the log). */
  duplicates?: DuplicateLogEntry[];
  /** The requests the user may file about this registration now. */
  canRequest?: RegistrationRequest[];
  /** AD date the registration was closed (status 'closed'). */
  closedOn?: string | null;
  allowedActions: AppAction[];
  /** Fee estimate while no bill has been assessed (issue 4 contract). */
  estimate?: Quote | null;
  canCheckDocuments?: boolean;
  canRenew?: boolean;
  openRenewalId?: number | null;
  /** The registration this application renews. */
  renewalOf?: {
    id: number;
    registrationNo: string | null;
    businessName: string;
    expiryDate: string | null;
  } | null;
  /** Issue 4 fields; optional so older answers still type-check. */
  kind?: 'single' | 'multiple';
  canEdit?: boolean;
  owners?: OwnerEntry[];
  isOldRegistration?: boolean | number | null;
  oldRegistrationNo?: string | null;
  oldRegistrationDate?: string | null;
  cardLength?: number | string | null;
  cardWidth?: number | string | null;
  otherRegNo?: string | null;
  otherRegOffice?: string | null;
  rentLandlordName?: string | null;
  rentWardNo?: number | null;
  rentTole?: string | null;
  rentChowk?: string | null;
  rentHouseNo?: string | null;
  rentFloors?: number | null;
  rentRooms?: number | null;
  rentStartDate?: string | null;
  /** paisa */
  rentMonthly?: number | null;
  rentTaxPeriodMonths?: number | null;
  rentPurpose?: 'residence' | 'commercial' | null;
  landCurrentCity?: string | null;
  landWardNo?: number | null;
  landPreviousVdc?: string | null;
  landSeatNo?: string | null;
  landKittaNo?: string | null;
  landArea?: string | null;
  businessTypeId?: number;
  wardId?: number;
  permStateId?: number;
  permDistrictId?: number;
  permCityId?: number;
}

/** A request's registration (GET /api/applications/{id} `subject`). */
export interface RequestSubject {
  id: number;
  registrationNo: string | null;
  businessName: string;
  expiryDate: string | null;
  appStatus: AppStatus;
}

/** One duplicate certificate issued for a registration. */
export interface DuplicateLogEntry {
  certificateId: number;
  /** ISO instant */
  issuedAt: string;
  requestId: number | null;
  submissionNo: string | null;
  reason: 'lost' | 'damaged' | 'other' | null;
  details: string | null;
}

/** Dropdown records of GET /api/{resource}/all. */
export interface StateOption extends Named {
  id: number;
}
export interface DistrictOption extends Named {
  id: number;
  stateId: number;
}
export interface CityOption extends Named {
  id: number;
  districtId: number;
  wardCount: number;
}
export interface WardOption extends Named {
  id: number;
  number: number;
}
export interface BusinessTypeOption extends Named {
  id: number;
}
