// Secrets at rest (WALLET_MASTER_KEY): the wallet's app signing secrets and webhook secrets, and
// the back-office's staff two-factor secrets (lib/backoffice/auth/two-factor.ts), are stored
// sealed with AES-256-GCM, so the database alone never holds a usable secret. Shared by both
// parts (like lib/db): it knows no domain. A sealed value is `sb1.<key id>.<iv>.<tag>.<ciphertext>`
// (base64url): the key id (the first 8 bytes of SHA-256 of the key, hex) says which master key
// sealed it, so a rotation can keep the previous key for opening until every value is sealed again.
// The box also gives keyed fingerprints (HMAC-SHA256 under a key derived from the master key by
// HKDF, one per purpose): a value can be found by its fingerprint without being stored in plain.
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'sb1';

export type SecretBox = {
  seal(plain: string): string;
  /** The plain secret; throws if no key of the ring sealed it, or it was tampered with. */
  open(sealed: string): string;
  /** Whether a stored value is sealed by this box's current key (rotation is done for it). */
  isCurrent(stored: string): boolean;
  /** The keyed fingerprint of `plain` for `purpose` under the current key (base64url). */
  fingerprint(purpose: string, plain: string): string;
  /** Its fingerprints under every key of the ring, the current key's first (a rotation's overlap). */
  fingerprints(purpose: string, plain: string): string[];
};

/** A 32-byte key from the configured text: 64 hex characters, 43-44 base64(url), or derived. */
export function masterKeyBytes(text: string): Buffer {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  const b64 = Buffer.from(text, 'base64url');
  if (b64.length === 32 && /^[A-Za-z0-9_\-+/]{43}=?$/.test(text)) return b64;
  // Any other text of 32+ characters: a passphrase, stretched to a key by SHA-256.
  return createHash('sha256').update(`card-wallet master key\n${text}`).digest();
}

/** The fingerprint key of one purpose: HKDF-SHA256 of the master key, never the key itself. */
function fingerprintKey(key: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `${PREFIX} fingerprint ${purpose}`, 32));
}

const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 16);

export function isSealed(stored: string): boolean {
  return stored.startsWith(`${PREFIX}.`);
}

/** A box sealing with `current`, opening with it or any of `previous`. */
export function createSecretBox(current: string, previous: readonly string[] = []): SecretBox {
  const sealKey = masterKeyBytes(current);
  const sealId = keyId(sealKey);
  const ring = new Map<string, Buffer>([[sealId, sealKey]]);
  for (const text of previous) {
    const key = masterKeyBytes(text);
    ring.set(keyId(key), key);
  }
  // Derived once per key and purpose (issuance fingerprints every card).
  const derived = new Map<string, Buffer>();
  const mac = (id: string, key: Buffer, purpose: string, plain: string) => {
    const name = `${id}/${purpose}`;
    let macKey = derived.get(name);
    if (!macKey) {
      macKey = fingerprintKey(key, purpose);
      derived.set(name, macKey);
    }
    return createHmac('sha256', macKey).update(plain, 'utf8').digest('base64url');
  };
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      cipher.setAAD(Buffer.from(`${PREFIX}.${sealId}`));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [
        PREFIX,
        sealId,
        iv.toString('base64url'),
        tag.toString('base64url'),
        data.toString('base64url'),
      ].join('.');
    },
    open(sealed) {
      const parts = sealed.split('.');
      if (parts.length !== 5 || parts[0] !== PREFIX) throw new Error('not a sealed secret');
      const [, id, iv, tag, data] = parts as [string, string, string, string, string];
      const key = ring.get(id);
      if (!key) throw new Error(`sealed with a master key this process does not have (key id ${id})`);
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(`${PREFIX}.${id}`));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
    isCurrent(stored) {
      return stored.startsWith(`${PREFIX}.${sealId}.`);
    },
    fingerprint(purpose, plain) {
      return mac(sealId, sealKey, purpose, plain);
    },
    fingerprints(purpose, plain) {
      return [...ring].map(([id, key]) => mac(id, key, purpose, plain));
    },
  };
}
