// What a support agent verifies a caller against (docs/back-office.md "Pages", a user): the KYC
// record's state as the back-office reads it from user/detail. The wallet accepts only an
// unexpired document at registration (docs/wallet-api.md "4.1 Register and KYC"), so a user is
// verified at registration; what can change is time: the document may expire since.
import type { BadgeVariant } from '@/components/ui/badge';

export type VerificationState = {
  state: 'verified' | 'expires-soon' | 'expired' | 'no-expiry';
  label: string;
  detail: string;
  tone: BadgeVariant;
};

/** Within this many days of its expiry a document is flagged, so the agent can say so. */
export const EXPIRY_WARNING_DAYS = 30;

const DAY_MS = 86_400_000;

/** The state on `today` (UTC, yyyy-MM-dd) of a record whose document expires on `expiry`. */
export function verificationState(expiry: string | null, today: string): VerificationState {
  if (expiry === null) {
    return {
      state: 'no-expiry',
      label: 'Verified, no expiry on file',
      detail: 'KYC completed at registration; the document has no expiry date on file.',
      tone: 'info',
    };
  }
  if (expiry <= today) {
    return {
      state: 'expired',
      label: 'Document expired',
      detail: `The identity document expired on ${expiry}: ask for a current one before changing anything for this caller.`,
      tone: 'danger',
    };
  }
  const days = Math.round((Date.parse(`${expiry}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
  if (days <= EXPIRY_WARNING_DAYS) {
    return {
      state: 'expires-soon',
      label: 'Verified, document expires soon',
      detail: `KYC completed at registration; the document expires in ${days} day${days === 1 ? '' : 's'}.`,
      tone: 'warning',
    };
  }
  return {
    state: 'verified',
    label: 'Verified',
    detail: 'KYC completed at registration; the document is valid.',
    tone: 'success',
  };
}
