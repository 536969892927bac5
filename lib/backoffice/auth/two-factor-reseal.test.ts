// A master-key rotation re-seals staff two-factor secrets (two-factor-reseal.ts): after it, the
// new key alone opens both a confirmed and a pending secret, a second run changes nothing, and a
// process without the right key names the member of staff and changes nothing of theirs.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { staff } from '@/lib/backoffice/db/schema';
import { walletMasterKey } from '@/lib/env';
import { createSecretBox } from '@/lib/secrets/secret-box';
import { createStaffAccount } from '@/lib/backoffice/staff/create-staff-account';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/wallet-db';
import { resealTwoFactorSecrets } from './two-factor-reseal';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
}, 120_000);

const NEW_KEY = 'e'.repeat(64);

async function member(email: string, secrets: { totpSecret?: string; totpPendingSecret?: string }) {
  const { staffId } = await createStaffAccount({
    db: db.backoffice,
    email,
    name: email.split('@')[0]!,
    role: 'operator',
    password: 'a-long-password-1',
  });
  if (Object.keys(secrets).length > 0) {
    await db.backoffice.update(staff).set(secrets).where(eq(staff.id, staffId));
  }
  return staffId;
}

const stored = async (id: number) => (await db.backoffice.select().from(staff).where(eq(staff.id, id)))[0]!;

describe('re-sealing staff two-factor secrets', () => {
  it('moves confirmed and pending secrets to the new key, once', async () => {
    const old = createSecretBox(walletMasterKey());
    const ada = await member('ada@example.com', { totpSecret: old.seal('ADASECRET') });
    const bob = await member('bob@example.com', { totpPendingSecret: old.seal('BOBPENDING') });
    const cy = await member('cy@example.com', {});

    const rotating = createSecretBox(NEW_KEY, [walletMasterKey()]);
    expect(await resealTwoFactorSecrets(db.backoffice, rotating)).toEqual({ sealed: 2, unopenable: [] });
    expect(await resealTwoFactorSecrets(db.backoffice, rotating)).toEqual({ sealed: 0, unopenable: [] });

    const fresh = createSecretBox(NEW_KEY);
    expect(fresh.open((await stored(ada)).totpSecret!)).toBe('ADASECRET');
    expect(fresh.open((await stored(bob)).totpPendingSecret!)).toBe('BOBPENDING');
    expect((await stored(cy)).totpSecret).toBeNull();
    const before = (await stored(ada)).totpSecret!;
    expect(() => old.open(before)).toThrow();

    // A process holding only the old key cannot open them: it says whose, and leaves them alone.
    expect(await resealTwoFactorSecrets(db.backoffice, old)).toEqual({
      sealed: 0,
      unopenable: [`staff ${ada}`, `staff ${bob}`],
    });
    expect((await stored(ada)).totpSecret).toBe(before);
  });
});
