import { describe, expect, it } from 'vitest';
import { userLookup } from './card-issue-user-search';

describe('userLookup', () => {
  it('lists the newest users for an empty search', () => {
    expect(userLookup('  ')).toEqual({ kind: 'newest' });
  });

  it('sends 2-64 characters to user/search, trimmed', () => {
    expect(userLookup(' jan ')).toEqual({ kind: 'search', q: 'jan' });
    expect(userLookup('3771')).toEqual({ kind: 'search', q: '3771' });
  });

  it('cannot search for one character or more than 64', () => {
    expect(userLookup('j')).toEqual({ kind: 'unsearchable' });
    expect(userLookup('x'.repeat(65))).toEqual({ kind: 'unsearchable' });
  });
});
