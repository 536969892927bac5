'use client';
// What the card-issue wizard reads as it goes, through react-query over the read-only server
// actions of lib/backoffice/card-issue/actions.ts (which check the caller), keyed by cardIssueKeys.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  listAgencyPaymentAssets,
  listCardCategories,
  listDeliveryAddresses,
  listUserPaymentAssets,
  searchIssueUsers,
} from '@/lib/backoffice/card-issue/actions';
import { cardIssueKeys } from '@/lib/backoffice/card-issue/card-issue-query-keys';
import type { Payer } from '@/lib/backoffice/card-issue/forms';
import type { Asset, CardCategory } from '@/lib/wallet/contract/schemas';

type ActionResult<T> = { data?: T; serverError?: string } | undefined;

/** A read action's data, or its refusal as an error whose message staff can read. */
async function unwrap<T>(call: Promise<ActionResult<T>>): Promise<T> {
  const result = await call;
  if (result?.data !== undefined) return result.data;
  throw new Error(result?.serverError ?? 'The look-up failed. Try again in a moment.');
}

/** The search text once typing pauses, so a lookup is not sent per keystroke. */
export function useDebounced(value: string, delayMs = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export function useUserSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: cardIssueKeys.users(search),
    queryFn: () => unwrap(searchIssueUsers({ query: search })),
    enabled,
    staleTime: 10_000,
  });
}

export type PaymentAssets = { assets: Asset[]; cardAssetCount: number };

export function usePaymentAssets(payer: Payer | undefined, appUserId: string, initialAgencyAssets: Asset[]) {
  return useQuery({
    queryKey: cardIssueKeys.paymentAssets(payer ?? 'agency', appUserId),
    queryFn: async (): Promise<PaymentAssets> => {
      if (payer === 'user') {
        const { wallets, cardAssetCount } = await unwrap(listUserPaymentAssets({ appUserId }));
        return { assets: wallets, cardAssetCount };
      }
      return { assets: await unwrap(listAgencyPaymentAssets()), cardAssetCount: 0 };
    },
    enabled: payer === 'agency' || (payer === 'user' && appUserId !== ''),
    ...(payer === 'agency' ? { initialData: { assets: initialAgencyAssets, cardAssetCount: 0 } } : {}),
  });
}

export function useCategories(initial: CardCategory[]) {
  return useQuery({
    queryKey: cardIssueKeys.categories(),
    queryFn: () => unwrap(listCardCategories()),
    initialData: initial,
  });
}

export function useDeliveryAddresses(appUserId: string, enabled: boolean) {
  return useQuery({
    queryKey: cardIssueKeys.addresses(appUserId),
    queryFn: () => unwrap(listDeliveryAddresses({ appUserId })),
    enabled: enabled && appUserId !== '',
  });
}
