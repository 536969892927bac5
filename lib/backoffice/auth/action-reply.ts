// Whether a server action's arguments, as React's client encodes them (its "reply": a JSON root
// chunk, and in a multipart body further chunks, FormData entries and files by field name; for a
// form posted without scripts, a bound action's id and arguments under `$ACTION_<n>:`), can be
// decoded by React on the server without failing. React's decodeReply waits for a chunk that a
// `$` reference names and the body does not hold, and rejects with "Connection closed." when the
// body ends; it throws on a path through something that is not a plain object or array, on a Map or
// Set of the wrong shape, on a BigInt that is not one; and Next then throws when the root is not a
// list of at most 1,000 arguments. Each of those is a 500 from Next, so the gate
// (action-request-gate.ts) asks this first and answers 400 instead.
//
// The rule is an allowlist of the `$` forms our actions' arguments use (plain JSON-like values, a
// form's FormData, escaped strings, undefined, dates, big integers, numbers JSON cannot spell),
// each referenced chunk present, parseable and walked in turn. Forms no action of ours takes
// (streams, iterators, typed arrays, server references, temporary references) are refused, and so
// are replies whose arrays pass React's count or that nest deeper than MAX_NESTING.

/** Next's own limit on an action's arguments (action-handler.js SERVER_ACTION_ARGS_LIMIT). */
export const ACTION_ARGS_LIMIT = 1000;

/** React's limit on the array slots of a reply (arraySizeLimit, its default). */
export const ARRAY_SLOT_LIMIT = 1_000_000;

/** How deep a reply may nest: far beyond any form's arguments, and well within the stack. */
export const MAX_NESTING = 256;

/** What a reply body holds: JSON chunks and files, by field name ('0' is the root). */
export type ReplyParts = {
  /** The JSON text of each string field, by name. */
  text(name: string): string | undefined;
  /** Whether a file (React's Blob) is posted under this name. */
  hasFile(name: string): boolean;
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** `$` forms that stand for a value and reference nothing. */
const CONSTANT = /^\$(?:\$|u|N|I|-|D)/s;
/** A BigInt React can build (it throws beyond 300 digits or on anything but digits). */
const BIG_INT = /^\$n-?\d{1,300}$/;
/** A FormData of the reply's entries: never fails, whatever it names. */
const FORM_DATA = /^\$K[0-9a-f]+$/;
const BLOB = /^\$B([0-9a-f]+)$/;
/** A chunk by id (hex), optionally a path into it; `@`: a promise of it; Q/W: a Map or Set of it. */
const CHUNK = /^\$(@|Q|W)?([0-9a-f]+)((?::[^:]*)*)$/;

const isRecord = (value: Json): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Follows a path (`:a:0:b`) through a chunk's JSON as written: every step an own key of an object
 * or array (never `__proto__`, which React drops), never through a `$` form (React resolves those
 * to values a path may not enter). The value reached must not be one React drops (undefined).
 * Returns it, or undefined when the path does not hold.
 */
function valueAt(root: Json, path: string): Json | undefined {
  let value = root;
  for (const key of path.split(':').slice(1)) {
    if (key === '__proto__' || typeof value !== 'object' || value === null) return undefined;
    if (!Object.hasOwn(value, key)) return undefined;
    // A `$` form met on the way is not an object here, so the next step refuses it.
    value = (value as Record<string, Json>)[key]!;
  }
  return typeof value === 'string' && /^\$[uH]/.test(value) ? undefined : value;
}

/** The array slots React counts for a value (each array: its length and one). */
function arraySlots(value: Json): number {
  if (Array.isArray(value)) return value.reduce<number>((n, item) => n + arraySlots(item), value.length + 1);
  if (isRecord(value)) return Object.values(value).reduce<number>((n, item) => n + arraySlots(item), 0);
  return 0;
}

/**
 * What the root chunk is: a fetch action's list of arguments, or, in a form posted without
 * scripts, a bound action's `{ id, bound }` (React's `$ACTION_REF_<n>` fields, whose chunks are
 * the fields named `$ACTION_<n>:<id>`), where `bound` is null or a reference to a list.
 */
export type ReplyRoot = 'arguments' | 'bound-action';

/**
 * True when React can decode the reply and Next can apply it: the root as `kind` says (at most
 * ACTION_ARGS_LIMIT arguments), and every `$` form reachable from it one of ours, resolvable.
 */
export function replyIsDecodable(parts: ReplyParts, kind: ReplyRoot = 'arguments'): boolean {
  try {
    return decodable(parts, kind);
  } catch (error) {
    // A reference's target nested deeper than the stack (the walk stops at MAX_NESTING itself).
    if (error instanceof RangeError) return false;
    throw error;
  }
}

function decodable(parts: ReplyParts, kind: ReplyRoot): boolean {
  const parsed = new Map<string, Json>();
  const chunk = (id: string): Json | undefined => {
    if (parsed.has(id)) return parsed.get(id);
    const text = parts.text(id);
    if (text === undefined) return undefined;
    try {
      const value = JSON.parse(text) as Json;
      parsed.set(id, value);
      return value;
    } catch {
      return undefined;
    }
  };
  const isArguments = (value: Json | undefined) => Array.isArray(value) && value.length <= ACTION_ARGS_LIMIT;
  const root = chunk('0');
  if (kind === 'arguments' && !isArguments(root)) return false;
  if (kind === 'bound-action') {
    if (root === undefined || !isRecord(root) || typeof root.id !== 'string') return false;
    const bound = root.bound;
    if (bound !== undefined && bound !== null) {
      const list = typeof bound === 'string' ? /^\$@?([0-9a-f]+)$/.exec(bound) : null;
      if (!list || !isArguments(chunk(String(parseInt(list[1]!, 16))))) return false;
    }
  }

  const toWalk: string[] = ['0'];
  const queued = new Set(toWalk);
  // React refuses a reply whose arrays, counted again wherever a reference repeats them, pass
  // its limit; references let a small body repeat a large array, so each one counts its target.
  let slots = 0;
  const targetSlots = new Map<string, number>();
  const walk = (value: Json, depth: number): boolean => {
    if (depth > MAX_NESTING) return false;
    if (Array.isArray(value)) {
      slots += value.length + 1;
      return slots <= ARRAY_SLOT_LIMIT && value.every((item) => walk(item, depth + 1));
    }
    if (isRecord(value)) return Object.values(value).every((item) => walk(item, depth + 1));
    if (typeof value !== 'string' || !value.startsWith('$')) return true;
    return referenceHolds(value);
  };
  const referenceHolds = (value: string): boolean => {
    if (CONSTANT.test(value) || BIG_INT.test(value) || FORM_DATA.test(value)) return true;
    const blob = BLOB.exec(value);
    if (blob) return parts.hasFile(String(parseInt(blob[1]!, 16)));
    const match = CHUNK.exec(value);
    if (!match) return false;
    const [, kind, hex, path = ''] = match;
    const id = String(parseInt(hex!, 16));
    const target = chunk(id);
    if (target === undefined) return false;
    if (kind === '@' && path) return false;
    const reached = valueAt(target, path);
    if (reached === undefined) return false;
    const key = `${id}${path}`;
    if (!targetSlots.has(key)) targetSlots.set(key, arraySlots(reached));
    slots += targetSlots.get(key)!;
    if (slots > ARRAY_SLOT_LIMIT) return false;
    if (kind === 'Q' || kind === 'W') {
      // A Map of [key, value] pairs or a Set of values: a chunk of its own, as React's client
      // writes one, not reached before (React fails on a Map of a chunk it is still decoding).
      if (path || !Array.isArray(target) || queued.has(id)) return false;
      if (kind === 'Q' && !target.every(Array.isArray)) return false;
    }
    if (!queued.has(id)) {
      queued.add(id);
      toWalk.push(id);
    }
    return true;
  };
  for (let next = toWalk.shift(); next !== undefined; next = toWalk.shift()) {
    if (!walk(parsed.get(next)!, 0)) return false;
  }
  return true;
}
