// The audit log's words: every action name the back-office writes has a label (found by reading
// the sources, so a new name cannot reach /audit as a bare code), a wallet failure reads as its
// code and meaning, and a target links to the page it is about.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTION_LABELS, actionLabel, auditTargetView, walletFailureWords } from './audit-labels';

const root = path.resolve(import.meta.dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Action names written by `action: '...'` or `const action = '...'` (audit entries) and `.metadata({ name: '...' })`. */
function writtenActionNames(): Set<string> {
  const names = new Set<string>();
  for (const file of [
    ...sourceFiles(path.join(root, 'lib/backoffice')),
    ...sourceFiles(path.join(root, 'app')),
  ]) {
    const source = readFileSync(file, 'utf8');
    for (const line of source.split('\n')) {
      const metadata = /\.metadata\(\{\s*name:\s*'([^']+)'/.exec(line);
      if (metadata) names.add(metadata[1]!);
      // The quoted names after `action:` / `action =` (a ternary writes two).
      const written = /\baction\s*[:=](.*)$/.exec(line)?.[1] ?? '';
      for (const m of written.matchAll(/'([a-z_]+\.[a-z_]+)'/g)) names.add(m[1]!);
    }
  }
  return names;
}

describe('action labels', () => {
  it('cover every action name written anywhere in the back-office', () => {
    const written = writtenActionNames();
    // The scan finds what it should (it would pass vacuously on an empty set).
    for (const known of [
      'auth.sign_in',
      'staff.disable',
      'staff.enable',
      'user.view',
      'card.view',
      'address.add',
    ]) {
      expect(written, known).toContain(known);
    }
    const missing = [...written].filter((name) => !Object.hasOwn(ACTION_LABELS, name));
    expect(missing, 'add these to ACTION_LABELS in audit-labels.ts').toEqual([]);
  });

  it('cover card spending: controls, purchases, the sandbox and the decision endpoint', () => {
    expect(
      [
        'card.controls_set',
        'transactions.export',
        'sandbox.authorize',
        'sandbox.clear',
        'sandbox.reverse',
        'sandbox.refund',
        'decision.set',
        'decision.test',
      ].map(actionLabel),
    ).toEqual([
      'Changed spending controls',
      'Exported purchases (CSV)',
      'Simulated a purchase (sandbox)',
      'Simulated a clearing (sandbox)',
      'Simulated a reversal (sandbox)',
      'Simulated a refund (sandbox)',
      'Set the decision endpoint',
      'Sent a test authorization',
    ]);
  });

  it('cover the card programme and account names too', () => {
    expect(
      [
        'card.lock',
        'card.unlock',
        'card.activate',
        'card.cancel',
        'asset.transfer',
        'address.update',
        'address.delete',
        'user.view',
        'card.view',
        'staff.password_change',
      ].map(actionLabel),
    ).toEqual([
      'Locked card',
      'Unlocked card',
      'Activated card',
      'Cancelled card',
      'Transferred money',
      'Updated address',
      'Deleted address',
      'Viewed user',
      'Viewed card',
      'Changed own password',
    ]);
  });

  it('show a name the map does not know as it is', () => {
    expect(actionLabel('future.thing')).toBe('future.thing');
    expect(actionLabel('constructor')).toBe('constructor');
  });
});

describe('walletFailureWords', () => {
  it('names the code and its meaning', () => {
    expect(walletFailureWords({ kind: 'answered', code: 4009 })).toBe(
      "refused, code 4009 (the card's status does not allow this change)",
    );
    expect(walletFailureWords({ kind: 'answered', code: 4001 })).toBe(
      "refused, code 4001 (the paying asset's balance is lower than what is due (the card fee, or the transfer's amount))",
    );
    expect(walletFailureWords({ kind: 'answered', code: 7001 })).toBe(
      'refused, code 7001 (a code the back-office does not know)',
    );
  });

  it('says the outcome is unknown when no answer arrived', () => {
    expect(walletFailureWords({ kind: 'unreachable' })).toBe(
      'the wallet service could not be reached; outcome unknown',
    );
    expect(walletFailureWords({ kind: 'not-understood' })).toBe(
      "the wallet service's answer could not be understood; outcome unknown",
    );
    expect(walletFailureWords({ kind: 'not-sent' })).toBe(
      "not sent: the back-office's own check refused the input",
    );
    expect(walletFailureWords({ kind: 'unexpected' })).toBe(
      'an unexpected error in the back-office; outcome unknown',
    );
  });
});

describe('auditTargetView', () => {
  it('links a user and a card of a user to their pages', () => {
    expect(auditTargetView({ targetType: 'user', targetId: 'u 1', subjectUser: 'u 1' })).toEqual({
      text: 'User u 1',
      href: '/users/u%201',
    });
    expect(auditTargetView({ targetType: 'card', targetId: '42', subjectUser: 'u-1' })).toEqual({
      text: 'Card 42',
      href: '/users/u-1/cards/42',
      user: { text: 'User u-1', href: '/users/u-1' },
    });
  });

  it('names people and cards in words when the page knows them', () => {
    const names = new Map([
      ['u-1', { name: 'Grace Hopper', cards: new Map([['42', 'Virtual Visa Classic ••1234']]) }],
    ]);
    expect(auditTargetView({ targetType: 'card', targetId: '42', subjectUser: 'u-1' }, names)).toEqual({
      text: 'Virtual Visa Classic ••1234',
      href: '/users/u-1/cards/42',
      user: { text: 'Grace Hopper', href: '/users/u-1' },
    });
    expect(auditTargetView({ targetType: 'user', targetId: 'u-1', subjectUser: 'u-1' }, names)).toEqual({
      text: 'Grace Hopper',
      href: '/users/u-1',
    });
    expect(auditTargetView({ targetType: 'address', targetId: '7', subjectUser: 'u-1' }, names)).toEqual({
      text: 'An address',
      user: { text: 'Grace Hopper', href: '/users/u-1' },
    });
  });

  it('names the user an address belongs to; a card without one has no page to link', () => {
    expect(auditTargetView({ targetType: 'address', targetId: '7', subjectUser: 'u-1' })).toEqual({
      text: 'An address',
      user: { text: 'User u-1', href: '/users/u-1' },
    });
    expect(auditTargetView({ targetType: 'card', targetId: '42', subjectUser: null })).toEqual({
      text: 'Card 42',
    });
  });

  it('staff, sessions and entries without a target', () => {
    expect(auditTargetView({ targetType: 'staff', targetId: 'a@b.c', subjectUser: null })).toEqual({
      text: 'Staff a@b.c',
    });
    expect(auditTargetView({ targetType: 'session', targetId: null, subjectUser: null })).toBeNull();
    expect(auditTargetView({ targetType: null, targetId: null, subjectUser: 'u-1' })).toEqual({
      text: 'User u-1',
      href: '/users/u-1',
    });
  });
});
