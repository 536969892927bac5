// Password hashing with scrypt (memory-hard, in Node's own crypto: no native add-on to build).
// Format: scrypt$<N>$<r>$<p>$<salt b64url>$<hash b64url>, so parameters can be raised later
// without invalidating stored hashes.
import 'server-only';
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

export type PasswordHashCost = { N: number; r: number; p: number };

/** The cost every stored hash is made with: 128 * N * r bytes (32 MiB) and ~50 ms a hash. */
export const PRODUCTION_HASH_COST: PasswordHashCost = { N: 2 ** 15, r: 8, p: 1 };
let cost = PRODUCTION_HASH_COST;

/**
 * For tests whose subject is not the hash's strength (tests/setup/password-cost.ts lowers it for
 * every test file; password.test.ts puts production's back): on a busy 2-core CI machine a
 * scrypt of 32 MiB per seeded account made slow tests time out. Hashes carry their own cost, so a
 * cheap one still verifies and a production one still verifies under the cheap setting.
 */
export function setPasswordHashCost(next: PasswordHashCost): void {
  cost = next;
}

const KEY_LENGTH = 32;
// 128 * N * r bytes of memory per hash (32 MiB); the default cap of 32 MiB is just too small.
const MAX_MEMORY = 64 * 1024 * 1024;

export { PASSWORD_MIN_LENGTH } from '@/lib/backoffice/staff/forms';

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = cost;
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: MAX_MEMORY });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const POSITIVE = /^[1-9]\d{0,9}$/;
const B64URL = /^[A-Za-z0-9_-]+$/;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p, salt, hash] = parts.slice(1) as [string, string, string, string, string];
  // Strict: Number('') is 0, which scrypt reads as "use the default", so a loose parse would let
  // a damaged hash still verify.
  if (![n, r, p].every((v) => POSITIVE.test(v)) || !B64URL.test(salt) || !B64URL.test(hash)) return false;
  const expected = Buffer.from(hash, 'base64url');
  try {
    const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: MAX_MEMORY,
    });
    return timingSafeEqual(key, expected);
  } catch {
    // Parameters scrypt refuses (N not a power of two, too much memory): not a valid hash.
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
