// The ledger's entry types (asset/ledger, docs/wallet-api.md "Ledgers") as staff read them. Pure,
// client-safe.
import type { LedgerEntry } from '@/lib/wallet/contract/schemas';

export const LEDGER_TYPE_LABELS: Record<LedgerEntry['type'], string> = {
  PROVISION: 'Opening balance',
  CREDIT: 'Credit',
  CARD_FEE: 'Card fee',
  TRANSFER_IN: 'Transfer in',
  TRANSFER_OUT: 'Transfer out',
  CARD_REFUND: 'Balance of a cancelled card',
  CARD_SPEND: 'Card purchase',
  MERCHANT_REFUND: 'Merchant refund',
  DEPOSIT: 'Chain deposit',
  DISPUTE_CREDIT: 'Dispute won',
};
