// Each dispute status as a badge and a sentence of what it means (docs/back-office.md "Disputes").
// Apart from dispute-words.ts, with type-only imports, so the sandbox's answer form carries no
// more than these words to the browser. Pure.
import type { BadgeVariant } from '@/components/ui/badge';
import type { DisputeStatus } from '@/lib/wallet/contract/enums';

export const DISPUTE_STATUS_BADGE: Record<
  DisputeStatus,
  { variant: BadgeVariant; label: string; means: string }
> = {
  OPEN: {
    variant: 'warning',
    label: 'Open',
    means: 'Waiting for evidence before it is sent to the merchant’s bank.',
  },
  SUBMITTED: {
    variant: 'info',
    label: 'Submitted',
    means: 'Sent to the merchant’s bank with its evidence; waiting for their answer.',
  },
  WON: {
    variant: 'success',
    label: 'Won',
    means: 'The merchant’s bank gave in: the amount went back to the card.',
  },
  LOST: { variant: 'neutral', label: 'Lost', means: 'The merchant’s bank refused: no money moved.' },
  WITHDRAWN: {
    variant: 'neutral',
    label: 'Withdrawn',
    means: 'Withdrawn before it was sent: no money moved.',
  },
  EXPIRED: {
    variant: 'danger',
    label: 'Expired',
    means: 'Not sent before the network’s deadline: it can no longer be pursued.',
  },
};
