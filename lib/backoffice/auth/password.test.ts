// scrypt password hashes: a hash verifies its own password and no other; the stored format
// carries its parameters; a tampered or malformed hash never verifies (and never throws).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  dummyPasswordHash,
  generatePassword,
  hashPassword,
  PASSWORD_MIN_LENGTH,
  PRODUCTION_HASH_COST,
  setPasswordHashCost,
  verifyPassword,
} from './password';

// The one file that hashes at production's cost (every other lowers it: tests/setup/password-cost.ts).
// CPU-bound: a 32 MiB scrypt takes ~50 ms on an idle core and seconds on a loaded shared one, so
// these tests get the time that needs rather than vitest's 5 s.
vi.setConfig({ testTimeout: 60_000 });
beforeAll(() => setPasswordHashCost(PRODUCTION_HASH_COST));

const FORMAT = /^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/;

/** Replaces one field of a stored hash. */
function withField(hash: string, index: number, value: string): string {
  const parts = hash.split('$');
  parts[index] = value;
  return parts.join('$');
}

/** Flips one base64url character of a field to another valid one. */
function flipChar(value: string, at = 0): string {
  const c = value[at] === 'A' ? 'B' : 'A';
  return value.slice(0, at) + c + value.slice(at + 1);
}

describe('hashPassword / verifyPassword', () => {
  it('hashes in the documented format and verifies the same password', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(FORMAT);
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
  });

  it('salts: the same password hashes differently each time, and both verify', async () => {
    const [a, b] = await Promise.all([hashPassword('same-password-1'), hashPassword('same-password-1')]);
    expect(a).not.toBe(b);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    expect(await verifyPassword('same-password-1', a)).toBe(true);
    expect(await verifyPassword('same-password-1', b)).toBe(true);
  });

  it('refuses a wrong password, a near miss, an empty one and a differently cased one', async () => {
    const hash = await hashPassword('Password-Number-1');
    for (const wrong of [
      'Password-Number-2',
      'Password-Number-1 ',
      'password-number-1',
      '',
      'Password-Number',
    ])
      expect(await verifyPassword(wrong, hash), wrong).toBe(false);
  });

  it('handles non-ASCII passwords', async () => {
    const hash = await hashPassword('пароль-密码-🔑-long');
    expect(await verifyPassword('пароль-密码-🔑-long', hash)).toBe(true);
    expect(await verifyPassword('пароль-密码-🔑-lonG', hash)).toBe(false);
  });

  it('a tampered hash or salt never verifies', async () => {
    const hash = await hashPassword('tamper-me-please');
    const parts = hash.split('$');
    expect(await verifyPassword('tamper-me-please', withField(hash, 5, flipChar(parts[5]!)))).toBe(false);
    expect(await verifyPassword('tamper-me-please', withField(hash, 5, flipChar(parts[5]!, 10)))).toBe(false);
    expect(await verifyPassword('tamper-me-please', withField(hash, 4, flipChar(parts[4]!)))).toBe(false);
  });

  it('verifies with the parameters stored in the hash (so they can be raised later)', async () => {
    const hash = await hashPassword('parameters-travel');
    // A hash made with other (cheaper) parameters: the same password must verify against its own.
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.from('0123456789abcdef');
    const key = scryptSync('parameters-travel', salt, 32, { N: 1024, r: 8, p: 1 });
    const cheap = ['scrypt', 1024, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    expect(await verifyPassword('parameters-travel', cheap)).toBe(true);
    expect(await verifyPassword('parameters-travel!', cheap)).toBe(false);
    // Changing the stored N changes the derived key: the hash no longer verifies.
    expect(await verifyPassword('parameters-travel', withField(hash, 1, '16384'))).toBe(false);
  });

  it('a malformed hash is refused, not thrown on', async () => {
    const good = await hashPassword('malformed-tests');
    const malformed = [
      '',
      'scrypt',
      'plain-text-password',
      good.replace(/^scrypt/, 'bcrypt'),
      good.split('$').slice(0, 5).join('$'),
      `${good}$extra`,
      withField(good, 1, 'abc'),
      withField(good, 2, '8.5'),
      withField(good, 5, ''),
    ];
    for (const stored of malformed) {
      await expect(verifyPassword('malformed-tests', stored), stored).resolves.toBe(false);
    }
  });

  // Found while writing these tests: the parameters are read with Number(), so an empty field
  // reads as 0 (which Node's scrypt takes as "use the default": r and p default to the values
  // this module uses, so the hash still verifies), ' 32768' and '0x8' read as numbers, and an
  // out-of-range value makes scrypt throw instead of the hash being refused.
  it('refuses a hash whose N, r or p is not a plain positive decimal integer, without throwing', async () => {
    const good = await hashPassword('malformed-params');
    const variants = [
      withField(good, 2, ''),
      withField(good, 3, ''),
      withField(good, 3, '0'),
      withField(good, 1, ' 32768'),
      withField(good, 2, '0x8'),
      withField(good, 2, '-8'),
      withField(good, 1, '99999999999'),
    ];
    const outcomes = await Promise.all(
      variants.map((stored) =>
        verifyPassword('malformed-params', stored).then(
          (ok) => (ok ? 'verified' : 'refused'),
          () => 'threw',
        ),
      ),
    );
    expect(outcomes).toEqual(variants.map(() => 'refused'));
  });
});

describe('dummyPasswordHash', () => {
  it('is a real hash, the same one every time, that no ordinary password verifies', async () => {
    const a = await dummyPasswordHash();
    expect(a).toMatch(FORMAT);
    expect(await dummyPasswordHash()).toBe(a);
    expect(await verifyPassword('', a)).toBe(false);
    expect(await verifyPassword('password', a)).toBe(false);
  });
});

describe('generatePassword', () => {
  it('is long enough for the password rule, URL-safe and different each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const p = generatePassword();
      expect(p.length).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
      expect(p).toMatch(/^[A-Za-z0-9_-]+$/);
      seen.add(p);
    }
    expect(seen.size).toBe(50);
  });
});
