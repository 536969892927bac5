import { describe, expect, it } from 'vitest';
import { distinctUsers, userLookup } from './card-issue-user-search';

describe('userLookup', () => {
  it('lists the newest users for an empty search', () => {
    expect(userLookup('   ')).toEqual({ kind: 'newest' });
  });

  it('looks an app user ID up as such', () => {
    expect(userLookup(' u-123 ')).toEqual({ kind: 'exact', filters: [{ appUserId: 'u-123' }] });
  });

  it('looks an e-mail address up both as an e-mail and as an app user ID', () => {
    expect(userLookup('jane@example.com')).toEqual({
      kind: 'exact',
      filters: [{ email: 'jane@example.com' }, { appUserId: 'jane@example.com' }],
    });
  });

  it('cannot search for text that is neither', () => {
    expect(userLookup('Jane Doe')).toEqual({ kind: 'unsearchable' });
  });
});

describe('distinctUsers', () => {
  it('keeps the first of each user', () => {
    const user = (appUserId: string, email: string) => ({
      appUserId,
      email,
      firstName: 'Jane',
      lastName: 'Doe',
      mobile: '1-4155550100',
      cardCount: 0,
    });
    expect(distinctUsers([user('a', 'x@e.com'), user('b', 'y@e.com'), user('a', 'x@e.com')])).toEqual([
      user('a', 'x@e.com'),
      user('b', 'y@e.com'),
    ]);
  });
});
