// A list page filtered by a person typed by name (/transactions, /disputes): the name looked up
// first (one match is the filter; none or several load nothing, the page shows them), then the
// page's data, and the filtered person's name for the form, from the match or from the data's own
// holders. A wallet refusal is a message for the page, not an error page.
import type { HolderMatch } from '@/lib/backoffice/transactions/transactions-data';
import { findHolder } from '@/lib/backoffice/transactions/transactions-data';
import { asWalletClientError } from '@/lib/backoffice/wallet-client';

export type LoadedList<L> = ({ ok: true } & L) | { ok: false; message: string };

export async function loadByHolder<
  F extends { appUserId?: string | undefined },
  L extends { holders: ReadonlyMap<string, { name: string }> },
>(options: {
  filters: F;
  holder: string | undefined;
  /** Some filter could not be read: nothing is asked of the wallet. */
  invalid: boolean;
  load: (filters: F) => Promise<L>;
}): Promise<{ match?: HolderMatch; loaded?: LoadedList<L>; holderName?: string }> {
  const { filters, holder } = options;
  if (options.invalid) return {};
  let match: HolderMatch | undefined;
  let loaded: LoadedList<L> | undefined;
  try {
    match = holder ? await findHolder(holder) : undefined;
    if (match?.kind === 'one') filters.appUserId = match.appUserId;
    if (!match || match.kind === 'one') loaded = { ok: true as const, ...(await options.load(filters)) };
  } catch (error) {
    const walletError = asWalletClientError(error);
    if (!walletError) throw error;
    loaded = { ok: false, message: walletError.staffMessage };
  }
  const holderName = filters.appUserId
    ? ((match?.kind === 'one' ? match.name : undefined) ??
      (loaded?.ok ? loaded.holders.get(filters.appUserId)?.name : undefined))
    : undefined;
  return {
    ...(match ? { match } : {}),
    ...(loaded ? { loaded } : {}),
    ...(holderName !== undefined ? { holderName } : {}),
  };
}
