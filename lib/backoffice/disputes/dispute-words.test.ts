import { describe, expect, it } from 'vitest';
import { daysLeft, daysLeftText, dueSoonFirst, isDueSoon, whatWillHappen } from './dispute-words';

const now = new Date('2026-11-28T12:00:00.000Z');
const at = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

describe('dispute deadlines', () => {
  it('counts whole days left, rounding part of a day up', () => {
    expect(daysLeft(at(3), now)).toBe(3);
    expect(daysLeft(at(2.5), now)).toBe(3);
    expect(daysLeft(at(0.1), now)).toBe(1);
    expect(daysLeft(at(-1), now)).toBe(-1);
  });

  it('says the days left of an OPEN dispute only', () => {
    expect(daysLeftText({ status: 'OPEN', dueBy: at(1) }, now)).toBe('1 day left');
    expect(daysLeftText({ status: 'OPEN', dueBy: at(12) }, now)).toBe('12 days left');
    expect(daysLeftText({ status: 'OPEN', dueBy: now.toISOString() }, now)).toBe('Due today');
    expect(daysLeftText({ status: 'OPEN', dueBy: at(-2) }, now)).toBe('Past its deadline');
    expect(daysLeftText({ status: 'SUBMITTED', dueBy: at(1) }, now)).toBeNull();
  });

  it('is due soon within 7 days, while OPEN', () => {
    expect(isDueSoon({ status: 'OPEN', dueBy: at(7) }, now)).toBe(true);
    expect(isDueSoon({ status: 'OPEN', dueBy: at(7.5) }, now)).toBe(false);
    expect(isDueSoon({ status: 'SUBMITTED', dueBy: at(1) }, now)).toBe(false);
  });

  it('lists those due within 7 days first, soonest first, then the rest as given', () => {
    const list = [
      { id: 'a', status: 'OPEN' as const, dueBy: at(60) },
      { id: 'b', status: 'OPEN' as const, dueBy: at(6) },
      { id: 'c', status: 'SUBMITTED' as const, dueBy: at(2) },
      { id: 'd', status: 'OPEN' as const, dueBy: at(2) },
      { id: 'e', status: 'OPEN' as const, dueBy: at(90) },
    ];
    expect(dueSoonFirst(list, now).map((d) => d.id)).toEqual(['d', 'b', 'a', 'c', 'e']);
  });
});

describe('whatWillHappen', () => {
  it('says a fraud dispute locks the card now, and the others leave it', () => {
    expect(whatWillHappen('FRAUDULENT')).toMatch(/^A fraud dispute locks the card now/);
    expect(whatWillHappen('DUPLICATE')).toMatch(/^The card stays as it is\./);
    expect(whatWillHappen(undefined)).toMatch(
      /^A fraud dispute \(not made by the cardholder\) locks the card now; any other/,
    );
  });
});
