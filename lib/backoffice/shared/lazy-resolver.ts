// lazyZodResolver: a react-hook-form resolver whose zod schema, and zod itself, load in a chunk of
// their own on first use instead of in the page's first-load JavaScript (zod is about 30 kB gzip
// of it). The form renders, hydrates and takes typing at once; the schema module is fetched as
// soon as the form mounts (preloadResolver), so the first validation rarely waits for it. The
// server action validates with the same schema, statically imported, whatever the browser did.
//
// For the split to happen, no client module may import the schema's module for anything else
// than types: constants and pure helpers that client components need live in zod-free modules
// (lib/wallet/contract/enums.ts, lib/backoffice/card-programme-rules.ts...).
import { useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

export type LazyResolver<TInput extends FieldValues, TOutput> = Resolver<TInput, unknown, TOutput> & {
  /** Starts loading the schema (and zod); resolves once the resolver is ready. */
  preload: () => Promise<unknown>;
};

export function lazyZodResolver<TInput extends FieldValues, TOutput>(
  loadSchema: () => Promise<ZodType<TOutput, TInput>>,
): LazyResolver<TInput, TOutput> {
  let ready: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  const load = () =>
    (ready ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()])
      .then(([{ zodResolver }, schema]) => zodResolver(schema) as Resolver<TInput, unknown, TOutput>)
      .catch((error: unknown) => {
        // A failed fetch (offline for a moment) is tried again by the next validation.
        ready = undefined;
        throw error;
      }));
  const resolver: Resolver<TInput, unknown, TOutput> = async (values, context, options) =>
    (await load())(values, context, options);
  return Object.assign(resolver, { preload: load });
}

/** Loads a lazy resolver's schema once the form is on screen. */
export function usePreloadResolver(resolver: { preload: () => Promise<unknown> }): void {
  useEffect(() => {
    void resolver.preload().catch(() => undefined);
  }, [resolver]);
}
