// Whether a server action's arguments, as React's client encodes them (its "reply": a JSON root
// chunk, and in a multipart body further chunks, FormData entries and files by field name), can be
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
// (streams, iterators, typed arrays, server references, temporary references) are refused.

/** Next's own limit on an action's arguments (action-handler.js SERVER_ACTION_ARGS_LIMIT). */
export const ACTION_ARGS_LIMIT = 1000;

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
 */
function pathHolds(root: Json, path: string): boolean {
  let value = root;
  for (const key of path.split(':').slice(1)) {
    if (key === '__proto__' || typeof value !== 'object' || value === null) return false;
    if (!Object.hasOwn(value, key)) return false;
    // A `$` form met on the way is not an object here, so the next step refuses it.
    value = (value as Record<string, Json>)[key]!;
  }
  return typeof value !== 'string' || !/^\$[uH]/.test(value);
}

/**
 * True when React can decode the reply and Next can apply it: the root chunk a list of at most
 * ACTION_ARGS_LIMIT arguments, and every `$` form reachable from it one of ours, resolvable.
 */
export function replyIsDecodable(parts: ReplyParts): boolean {
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
  const root = chunk('0');
  if (!Array.isArray(root) || root.length > ACTION_ARGS_LIMIT) return false;

  const toWalk: string[] = ['0'];
  const queued = new Set(toWalk);
  const walk = (value: Json): boolean => {
    if (Array.isArray(value)) return value.every(walk);
    if (isRecord(value)) return Object.values(value).every(walk);
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
    if (!pathHolds(target, path)) return false;
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
    if (!walk(parsed.get(next)!)) return false;
  }
  return true;
}
