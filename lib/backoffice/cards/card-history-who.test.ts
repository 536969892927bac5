import { describe, expect, it } from 'vitest';
import type { CardStatusChange } from '@/lib/wallet/contract/schemas';
import { matchChangeWho, unlockConsequence, type CardAuditRow } from './card-history-who';

const change = (fromStatus: string | null, toStatus: string, at: string, reason: string | null = null) =>
  ({ fromStatus, toStatus, reason, at }) as CardStatusChange;
const row = (action: string, at: string, actorName: string, note: string | null = null): CardAuditRow => ({
  action,
  at: new Date(at),
  actorEmail: `${actorName.toLowerCase()}@example.com`,
  actorRole: 'support',
  actorName,
  note,
});

describe('matchChangeWho', () => {
  const history = [
    change(null, 'ACTIVE', '2026-11-25T10:00:00.000Z'),
    change('ACTIVE', 'LOCKED', '2026-11-25T11:00:00.000Z', 'LOST'),
    change('LOCKED', 'ACTIVE', '2026-11-25T12:00:00.000Z'),
    change('ACTIVE', 'LOCKED', '2026-11-25T13:00:00.000Z', 'STOLEN'),
  ];

  it('names who made each change with their note, in order, each entry once', () => {
    const who = matchChangeWho(history, [
      row('card.issue', '2026-11-25T10:00:00.200Z', 'Olga'),
      row('card.lock', '2026-11-25T11:00:00.100Z', 'Sam', 'Caller lost it on the bus'),
      row('card.unlock', '2026-11-25T12:00:00.300Z', 'Olga', 'Found at home'),
      row('card.lock', '2026-11-25T13:00:00.100Z', 'Sue'),
    ]);
    expect(who.map((w) => w && [w.name, w.note])).toEqual([
      ['Olga', null],
      ['Sam', 'Caller lost it on the bus'],
      ['Olga', 'Found at home'],
      ['Sue', null],
    ]);
  });

  it('names no one for a change made outside the back-office, nor with an entry from before it', () => {
    const who = matchChangeWho(history, [row('card.lock', '2026-11-25T12:59:00.000Z', 'Early')]);
    expect(who[1]).toMatchObject({ name: 'Early' });
    expect(who[3]).toBeNull();
    expect(matchChangeWho(history, [])).toEqual([null, null, null, null]);
  });
});

describe('unlockConsequence', () => {
  it('mentions a lost or stolen report, when and by whom', () => {
    const lost = [
      change(null, 'ACTIVE', '2026-11-20T10:00:00Z'),
      change('ACTIVE', 'LOCKED', '2026-11-24T09:00:00Z', 'LOST'),
    ];
    expect(unlockConsequence(lost, [null, { name: 'Sam', email: 's@x', role: 'support', note: null }])).toBe(
      'It was reported lost on 2026-11-24 by Sam. Unlock it only if the cardholder has it back: it can be used again at once. A card that stays missing should be replaced instead.',
    );
    const damaged = [lost[0]!, change('ACTIVE', 'LOCKED', '2026-11-24T09:00:00Z', 'DAMAGED')];
    expect(unlockConsequence(damaged, [])).toBe('It can be used again at once.');
  });
});
