// A signing secret's rotation (docs/card-spending.md "The agency's decision", docs/wallet-api.md
// "webhook/rotateSecret"): the new secret is sealed in place of the old, and the old one, still
// sealed, is kept as the previous secret until the overlap ends, so every request or delivery
// signed meanwhile carries Wallet-Signature-Previous as well and a receiver deploying the new
// secret declines nobody. One home for both kinds of endpoint.
import { SECRET_OVERLAP_MS } from '@/lib/wallet/contract/webhook-signature';
import { revealSecret } from './app-secrets';
import type { SecretBox } from './secret-box';

/** The columns a rotation writes: the new secret sealed, the old one kept for SECRET_OVERLAP_MS (24 h). */
export function rotatedSecret(options: {
  secretBox: SecretBox;
  newSecret: string;
  /** The stored (sealed) secret being replaced. */
  currentSealed: string;
  now: Date;
}): { secret: string; previousSecret: string; previousSecretUntil: Date } {
  return {
    secret: options.secretBox.seal(options.newSecret),
    previousSecret: options.currentSealed,
    previousSecretUntil: new Date(options.now.getTime() + SECRET_OVERLAP_MS),
  };
}

/**
 * A previous secret in plain text (its reader keeps it only while its overlap lasts), else
 * undefined. A previous secret no key opens signs nothing (the current one still does), rather
 * than failing the request.
 */
export function openPreviousSecret(secretBox: SecretBox, sealed: string | null): string | undefined {
  if (!sealed) return undefined;
  try {
    return revealSecret(secretBox, sealed);
  } catch {
    return undefined;
  }
}
