// The user and address forms' pure parts, without zod, for their client components: the
// mobile number's two halves, the registration's pickers and labels and its empty form.
// user-forms.ts builds the schemas on these; lazy-resolver.ts says why the two are apart.
import { GENDERS, SUPPORT_DOCUMENT_TYPES } from '@/lib/wallet/contract/kyc-values';
import type { RegisterUserFormInput } from './forms';

export type MobileValue = { regionCode: string; number: string };

export function joinMobile(mobile: MobileValue): string {
  return `${mobile.regionCode}-${mobile.number}`;
}

/**
 * A mobile number as people type it, down to its digits: "(202) 555-0199" -> "2025550199".
 * Spaces, brackets, dashes and dots only group the digits; anything else is kept, for the
 * form's rule to refuse.
 */
export function normalizeMobileNumber(typed: string): string {
  return typed.replace(/[\s().\-]/g, '');
}

/** "+852" -> "852": the region code as people type it, without its plus. */
export function normalizeRegionCode(typed: string): string {
  return typed.trim().replace(/^\+/, '');
}

/** "852-91234567" -> { regionCode: '852', number: '91234567' }, for prefilling a form. */
export function splitMobile(mobile: string): MobileValue {
  const [regionCode = '', ...rest] = mobile.split('-');
  return rest.length === 0 ? { regionCode: '', number: regionCode } : { regionCode, number: rest.join('') };
}

export const MAX_PHOTOS = 10;

/** Suggestions for the document type; the contract takes any well-formed type ("Other"). */
export const DOCUMENT_TYPE_SUGGESTIONS = [
  { value: 'PASSPORT', label: 'Passport' },
  { value: 'ID_CARD', label: 'National identity card' },
  { value: 'DRIVING_LICENCE', label: 'Driving licence' },
  { value: 'RESIDENCE_PERMIT', label: 'Residence permit' },
] as const;
export const OTHER_DOCUMENT_TYPE = 'OTHER';

export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = { FEMALE: 'Female', MALE: 'Male' };

export const SUPPORT_DOCUMENT_TYPE_LABELS: Record<(typeof SUPPORT_DOCUMENT_TYPES)[number], string> = {
  ADDRESS_PROOF: 'Proof of address',
  BANK_STATEMENT: 'Bank statement',
  EMPLOYMENT_CONTRACT: 'Employment contract',
  IMMIGRATION_ENDORSEMENT: 'Immigration endorsement',
  PROOF_OF_VISIT: 'Proof of visit',
  SALARY_PAYSLIP: 'Salary payslip',
  TENANCY_AGREEMENT: 'Tenancy agreement',
  TRAVEL_PERMIT: 'Travel permit',
  WORK_VISA: 'Work visa',
};

export function joinPhotos(rows: readonly { url: string }[]): string {
  return rows.map((row) => row.url).join(',');
}

/** What a fresh registration form holds. */
export function emptyRegisterUserForm(requestId: string): RegisterUserFormInput {
  return {
    appUserId: '',
    email: '',
    firstName: '',
    lastName: '',
    birthday: '',
    gender: '',
    mobile: { regionCode: '', number: '' },
    region: '',
    documentType: '',
    documentTypeOther: '',
    documentNo: '',
    documentExpiryDate: '',
    photos: [{ url: '' }],
    occupation: '',
    position: '',
    annualIncome: '',
    detailedAddress: '',
    cardUUID: '',
    supportDocumentType: '',
    supportDocumentUrl: '',
    requestId,
  };
}
