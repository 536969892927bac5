// The statement user/search sends for each shape of query: which branches (by the indexes they
// use), with which parameters, under which name; what each finds is tested over HTTP
// (tests/api/card-programme.test.ts).
import { describe, expect, it } from 'vitest';
import { prefixEnd, userSearchStatement } from '../db/statements';

describe('prefixEnd', () => {
  it('is the prefix with its last character moved one code point up', () => {
    expect(prefixEnd('abc')).toBe('abd');
    expect(prefixEnd('jo')).toBe('jp');
    expect(prefixEnd('a@')).toBe('aA');
    expect(prefixEnd('zé')).toBe('zê');
    expect(prefixEnd('x😀')).toBe('x😁');
  });
});

/** The keys a statement reads, by the expressions its branches compare. */
function branchesOf(text: string): string[] {
  const found: string[] = [];
  if (text.includes('c.id = ')) found.push('cardId');
  if (text.includes('u.app_user_id collate "C" >=')) found.push('appUserId prefix');
  else if (text.includes('u.app_user_id = ')) found.push('appUserId');
  if (text.includes('lower(u.email) collate "C" >=')) found.push('e-mail prefix');
  if (text.includes('c.last4 = ')) found.push('last four');
  if (text.includes("replace(u.mobile, '-', '')")) found.push('mobile');
  if (text.includes('lower(u.first_name)')) found.push('names');
  return found;
}

describe('userSearchStatement', () => {
  it('4 digits: a cardId, an appUserId, an e-mail prefix, a last four and a mobile; no name', () => {
    const s = userSearchStatement(7, '3771', 20);
    expect(branchesOf(s.text)).toEqual([
      'cardId',
      'appUserId prefix',
      'e-mail prefix',
      'last four',
      'mobile',
    ]);
    expect(s.values).toEqual([7, 3771, '3771', '3772', '3771', '3772', '3771', '3771']);
    expect(s.name).toBe('wallet_search_users_caelm_20');
  });

  it('a name: appUserId, e-mail and name prefixes, one pair of bounds shared by both names', () => {
    const s = userSearchStatement(1, 'Ada', 8);
    expect(branchesOf(s.text)).toEqual(['appUserId prefix', 'e-mail prefix', 'names']);
    expect(s.values).toEqual([1, 'Ada', 'Adb', 'ada', 'adb', 'ada', 'adb']);
    expect(s.name).toBe('wallet_search_users_aen_8');
    expect(s.text).toContain('limit 8');
  });

  it('two letters: no prefix of appUserId or e-mail (3+ characters), but the exact appUserId and names', () => {
    const s = userSearchStatement(1, 'Jo', 20);
    expect(branchesOf(s.text)).toEqual(['appUserId', 'names']);
    expect(s.values).toEqual([1, 'Jo', 'jo', 'jp']);
  });

  it('an e-mail: appUserId (which may hold an @) and e-mail, matched case-insensitively', () => {
    const s = userSearchStatement(1, ' Jane@Example.com ', 20);
    expect(branchesOf(s.text)).toEqual(['appUserId prefix', 'e-mail prefix']);
    expect(s.values.slice(3)).toEqual(['jane@example.com', 'jane@example.con']);
  });

  it('a mobile number with its region code and punctuation, by its digits only', () => {
    const s = userSearchStatement(1, '+1 (415) 555-0100', 5);
    expect(branchesOf(s.text)).toEqual(['mobile']);
    expect(s.values).toEqual([1, '14155550100']);
  });

  it('a name with a space or an apostrophe is still a name prefix (and an apostrophe an e-mail prefix); an accent is nothing', () => {
    expect(branchesOf(userSearchStatement(1, "o'brien", 20).text)).toEqual(['e-mail prefix', 'names']);
    expect(branchesOf(userSearchStatement(1, 'van der', 20).text)).toEqual(['names']);
    const none = userSearchStatement(1, 'Zoë', 20);
    expect(branchesOf(none.text)).toEqual(['e-mail prefix']);
    expect(userSearchStatement(1, 'é!', 20)).toEqual({
      name: 'wallet_search_users_none',
      text: expect.stringContaining('where false'),
      values: [1],
    });
  });

  it('a full name: each cut of the words, both orders, whole (rank 1) and by prefixes (rank 2)', () => {
    const s = userSearchStatement(1, 'Grace  Hopper', 20);
    expect(s.values).toEqual([1, 'grace hopper', 'grace hoppes', 'grace', 'gracf', 'hopper', 'hoppes']);
    expect(s.text).toContain(
      'lower(u.first_name) collate "C" = $4::text and lower(u.last_name) collate "C" = $6::text',
    );
    expect(s.text).toContain(
      'lower(u.first_name) collate "C" = $6::text and lower(u.last_name) collate "C" = $4::text',
    );
    expect(s.text).toContain(
      'lower(u.first_name) collate "C" >= $6::text and lower(u.first_name) collate "C" < $7::text\n       and lower(u.last_name) collate "C" >= $4::text and lower(u.last_name) collate "C" < $5::text',
    );
    expect(s.text.match(/select u\.id, 1 from/g)).toHaveLength(2);
    expect(s.text.match(/select u\.id, 2 from/g)).toHaveLength(2);
    expect(s.name).toMatch(/^wallet_search_users_w_[0-9a-f]{20}$/);
    expect(userSearchStatement(1, 'mary ann smith', 20).text.match(/select u\.id, 1 from/g)).toHaveLength(4);
    expect(userSearchStatement(1, 'a b c d e', 20).text).not.toContain('select u.id, 1 from');
  });

  it('a mix of keys: the word that is more than a name drives, the others filter the same user', () => {
    const s = userSearchStatement(1, 'hopper 0366', 20);
    expect(s.text).not.toContain('lower(u.first_name) collate "C" =');
    expect(branchesOf(s.text)).toEqual([
      'cardId',
      'appUserId prefix',
      'e-mail prefix',
      'last four',
      'mobile',
      'names',
    ]);
    expect(s.text).toContain('join wallet.users u on u.id = c.user_id');
    expect(s.text).toContain('starts_with(lower(u.last_name), ');
    expect(s.values).toContain('hopper');
    // Words that are no key leave no branch and no parameter behind.
    expect(userSearchStatement(1, "' OR 1=1--", 20)).toEqual({
      name: 'wallet_search_users_none',
      text: expect.stringContaining('where false'),
      values: [1],
    });
    const phone = userSearchStatement(1, '+1 415 555 0100', 20);
    expect(branchesOf(phone.text)).toEqual(['mobile']);
    expect(phone.values).toEqual([1, '14155550100']);
  });

  it('a number beyond an int is no cardId', () => {
    expect(branchesOf(userSearchStatement(1, '2147483648', 20).text)).not.toContain('cardId');
    expect(branchesOf(userSearchStatement(1, '2147483647', 20).text)).toContain('cardId');
  });

  it('names one statement per shape and page size: the same text for the same name', () => {
    const a = userSearchStatement(1, '1234', 20);
    const b = userSearchStatement(9, '9876', 20);
    expect(a.name).toBe(b.name);
    expect(a.text).toBe(b.text);
    expect(userSearchStatement(1, '1234', 10).name).not.toBe(a.name);
  });

  it('refuses a page size the service never sends', () => {
    expect(() => userSearchStatement(1, 'ada', 0)).toThrow(RangeError);
    expect(() => userSearchStatement(1, 'ada', 101)).toThrow(RangeError);
  });
});
