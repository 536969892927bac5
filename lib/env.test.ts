// The generated secrets' file (lib/env.ts loadGeneratedSecrets): a fresh one holds the three
// secrets, and a file from before the back-office key gains one, once, keeping the others, so
// that an existing installation's restart changes nothing else (docs/security.md "Rate limit"); and
// the app's public origin, next-auth's URL too (over HTTP against the build:
// tests/system/action-requests.test.ts › next-auth answers with the app's own URL).
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appOrigin, loadGeneratedSecrets, walletPublicOrigin } from './env';

const fileIn = () => path.join(mkdtempSync(path.join(tmpdir(), 'env-secrets-')), 'secrets.json');

describe('loadGeneratedSecrets', () => {
  it('creates three different secrets once, readable by the owner only, and reads them back', () => {
    const file = fileIn();
    const first = loadGeneratedSecrets(file);
    expect(new Set([first.walletAppSecret, first.authSecret, first.backofficeSecret]).size).toBe(3);
    expect(first.backofficeSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadGeneratedSecrets(file)).toEqual(first);
  });

  it('gives a file from before the back-office key one, keeping the other two, and then keeps it', () => {
    const file = fileIn();
    const old = { walletAppSecret: 'w'.repeat(43), authSecret: 'a'.repeat(43) };
    writeFileSync(file, JSON.stringify(old), { mode: 0o600 });
    const upgraded = loadGeneratedSecrets(file);
    expect(upgraded).toMatchObject(old);
    expect(upgraded.backofficeSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(upgraded);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Restarting changes nothing; no draft or half-finished file is left beside it.
    expect(loadGeneratedSecrets(file)).toEqual(upgraded);
    expect(readdirSync(path.dirname(file))).toEqual(['secrets.json']);
  });

  it("finishes another process's upgrade: the key it linked first is the one kept", () => {
    const file = fileIn();
    const old = { walletAppSecret: 'w'.repeat(43), authSecret: 'a'.repeat(43) };
    writeFileSync(file, JSON.stringify(old), { mode: 0o600 });
    // Another process linked its merged file and stopped before renaming it over the file.
    const theirs = { ...old, backofficeSecret: 'b'.repeat(43) };
    writeFileSync(`${file}.next`, JSON.stringify(theirs), { mode: 0o600 });
    expect(loadGeneratedSecrets(file)).toEqual(theirs);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(theirs);
    expect(existsSync(`${file}.next`)).toBe(false);
  });
});

describe('appOrigin', () => {
  it('is APP_URL’s origin, else http://localhost:<PORT>', () => {
    expect(appOrigin({ APP_URL: 'https://backoffice.example.com/', PORT: 3000 })).toBe(
      'https://backoffice.example.com',
    );
    expect(appOrigin({ APP_URL: undefined, PORT: 3126 })).toBe('http://localhost:3126');
  });
});

describe('walletPublicOrigin', () => {
  it('is WALLET_PUBLIC_URL’s origin, else the back-office’s', () => {
    expect(
      walletPublicOrigin({
        WALLET_PUBLIC_URL: 'https://wallet.example.com/',
        APP_URL: undefined,
        PORT: 3000,
      }),
    ).toBe('https://wallet.example.com');
    expect(
      walletPublicOrigin({
        WALLET_PUBLIC_URL: undefined,
        APP_URL: 'https://backoffice.example.com',
        PORT: 3000,
      }),
    ).toBe('https://backoffice.example.com');
    expect(walletPublicOrigin({ WALLET_PUBLIC_URL: undefined, APP_URL: undefined, PORT: 3126 })).toBe(
      'http://localhost:3126',
    );
  });
});
