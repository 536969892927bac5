import { describe, expect, it } from 'vitest';
import { createSecretBox, isSealed, masterKeyBytes } from './secret-box';

const KEY_A = 'a'.repeat(64);
const KEY_B = 'correct horse battery staple, and then some more words';

describe('createSecretBox', () => {
  it('seals so that the stored value reveals nothing, and opens it back', () => {
    const box = createSecretBox(KEY_A);
    const sealed = box.seal('test-secret');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('test-secret');
    expect(sealed).toMatch(/^sb1\.[0-9a-f]{16}\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(box.open(sealed)).toBe('test-secret');
    expect(box.seal('test-secret')).not.toBe(sealed);
  });

  it('refuses a tampered value and a value sealed by an unknown key', () => {
    const box = createSecretBox(KEY_A);
    const sealed = box.seal('test-secret');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[4]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    parts[4] = flipped.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => createSecretBox(KEY_B).open(sealed)).toThrow(/master key this process does not have/);
    expect(() => box.open('plain-secret')).toThrow('not a sealed secret');
  });

  it('opens values of the previous key during a rotation, and seals with the new one', () => {
    const old = createSecretBox(KEY_A);
    const sealed = old.seal('s3cret-value');
    const rotating = createSecretBox(KEY_B, [KEY_A]);
    expect(rotating.open(sealed)).toBe('s3cret-value');
    expect(rotating.isCurrent(sealed)).toBe(false);
    const resealed = rotating.seal(rotating.open(sealed));
    expect(rotating.isCurrent(resealed)).toBe(true);
    expect(createSecretBox(KEY_B).open(resealed)).toBe('s3cret-value');
  });

  it('reads hex and base64url keys as bytes, and stretches a passphrase', () => {
    expect(masterKeyBytes('ab'.repeat(32))).toEqual(Buffer.alloc(32, 0xab));
    const b64 = Buffer.alloc(32, 7).toString('base64url');
    expect(masterKeyBytes(b64)).toEqual(Buffer.alloc(32, 7));
    expect(masterKeyBytes(KEY_B)).toHaveLength(32);
  });
});
