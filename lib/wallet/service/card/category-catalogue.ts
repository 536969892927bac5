// The card category catalogue, held in memory: categories are written only by provisioning, and
// every card record carries its category's fields, so reading them per request (or joining them
// into every card row) is work a correct service need not do. Loaded once per engine; a category
// id not in the copy (one provisioned after the load) reloads it once.
import { sql } from 'drizzle-orm';
import { rawRows, type DatabaseHandle } from '@/lib/db/open';
import type { Executor } from '../context';
import { CATEGORIES } from '../db/statements';

export type Category = {
  id: number;
  name: string;
  network: string;
  type: string;
  currency: string;
  currencySymbol: string;
  currencyIcon: string;
  decimalPlaces: number;
  /** Minor units. */
  fee: number;
  level: number;
  feature: string;
  styleConfig: string;
};

type Row = {
  id: number;
  name: string;
  network: string;
  type: string;
  currency: string;
  currency_symbol: string;
  currency_icon: string;
  decimal_places: number;
  fee: string | number;
  level: number;
  feature: string;
  style_config: string;
};

const loaded = new WeakMap<DatabaseHandle, Promise<Map<number, Category>>>();

/**
 * Reads the catalogue. Inside a transaction it must read through that transaction: PGlite has
 * one connection, so a query beside an open transaction would wait for it forever.
 */
async function load(handle: DatabaseHandle, via?: Executor): Promise<Map<number, Category>> {
  const rows = via
    ? await rawRows<Row>(via, sql.raw(CATEGORIES.text))
    : await handle.query<Row>(CATEGORIES.text, [], CATEGORIES.name);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.name,
        network: r.network,
        type: r.type,
        currency: r.currency,
        currencySymbol: r.currency_symbol,
        currencyIcon: r.currency_icon,
        decimalPlaces: r.decimal_places,
        fee: Number(r.fee),
        level: r.level,
        feature: r.feature,
        styleConfig: r.style_config,
      },
    ]),
  );
}

/**
 * Every category, by id, in id order. Not an async function: it hands back the one promise it
 * holds, rather than wrapping it in another for every request that reads a card.
 */
export function categoryCatalogue(handle: DatabaseHandle, via?: Executor): Promise<Map<number, Category>> {
  let catalogue = loaded.get(handle);
  if (!catalogue) {
    catalogue = load(handle, via);
    loaded.set(handle, catalogue);
    catalogue.catch(() => loaded.delete(handle));
  }
  return catalogue;
}

/**
 * The categories of these ids; reloads once if one is missing from the copy. `via`: the open
 * transaction of the caller, if any (see load).
 */
export async function categoriesFor(
  handle: DatabaseHandle,
  ids: Iterable<number>,
  via?: Executor,
): Promise<Map<number, Category>> {
  const catalogue = await categoryCatalogue(handle, via);
  for (const id of ids) {
    if (!catalogue.has(id)) {
      loaded.delete(handle);
      return categoryCatalogue(handle, via);
    }
  }
  return catalogue;
}
