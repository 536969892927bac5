// The react-query keys of the card-issue wizard, from one factory, so that what a mutation
// invalidates (a user's addresses, an asset's balance) is named the same way as what was read.
import type { Payer } from '@/lib/backoffice/card-issue/forms';

const all = ['card-issue'] as const;

export const cardIssueKeys = {
  all,
  users: (search: string) => [...all, 'users', search] as const,
  /** Every payment-asset list, of the agency and of every user. */
  paymentAssetLists: () => [...all, 'payment-assets'] as const,
  paymentAssets: (payer: Payer, appUserId: string) =>
    [...all, 'payment-assets', payer, payer === 'agency' ? '' : appUserId] as const,
  categories: () => [...all, 'categories'] as const,
  addresses: (appUserId: string) => [...all, 'addresses', appUserId] as const,
};
