// The closed lists of a person's own values in 4.1's registration with KYC (docs/wallet-api.md
// "Values"), free of zod and of the contract's other lists: the back-office's registration form
// names them in its pickers, and its first load carries only these (enums.ts re-exports them, and
// schemas.ts builds its enums from them).
export const GENDERS = ['FEMALE', 'MALE'] as const;
export const SUPPORT_DOCUMENT_TYPES = [
  'ADDRESS_PROOF',
  'BANK_STATEMENT',
  'EMPLOYMENT_CONTRACT',
  'IMMIGRATION_ENDORSEMENT',
  'PROOF_OF_VISIT',
  'SALARY_PAYSLIP',
  'TENANCY_AGREEMENT',
  'TRAVEL_PERMIT',
  'WORK_VISA',
] as const;
