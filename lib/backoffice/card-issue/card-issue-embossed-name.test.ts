import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { embossedNameParam } from '@/lib/wallet/contract/schemas';
import { embossedNameProblem, suggestEmbossedName } from './card-issue-embossed-name';

describe('suggestEmbossedName', () => {
  it('upper-cases the first and last name', () => {
    expect(suggestEmbossedName('Jane', 'Doe')).toBe('JANE DOE');
  });

  it('drops accents, apostrophes and other non-letters, and splits at hyphens', () => {
    expect(suggestEmbossedName('Zoë', "O'Neil")).toBe('ZOE ONEIL');
    expect(suggestEmbossedName('Mary-Jane', 'Smith Jr.')).toBe('MARY JANE SMITH JR');
    expect(suggestEmbossedName('  Anna  ', ' van  Dijk ')).toBe('ANNA VAN DIJK');
  });

  it('uses the initial when the full name is longer than 20 characters', () => {
    expect(suggestEmbossedName('Maximilian', 'Oberhausen')).toBe('M OBERHAUSEN');
    expect(suggestEmbossedName('Alexandra', 'Kowalczykowska')).toBe('A KOWALCZYKOWSKA');
  });

  it('cuts at 20 characters without a trailing space when even the short form is too long', () => {
    expect(suggestEmbossedName('Bo', 'Wolfeschlegelsteinhausen')).toBe('BO WOLFESCHLEGELSTEI');
    expect(suggestEmbossedName('Bo', 'Abcdefghijklmnop Qrs')).toBe('BO ABCDEFGHIJKLMNOP');
  });

  it('always suggests a name the wallet accepts, or nothing when no letter is left', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (first, last) => {
        const suggestion = suggestEmbossedName(first, last);
        expect(suggestion === '' || embossedNameParam.safeParse(suggestion).success).toBe(true);
      }),
    );
    expect(suggestEmbossedName('42', '!!')).toBe('');
  });
});

describe('embossedNameProblem', () => {
  it('accepts what the contract accepts', () => {
    expect(embossedNameProblem('JANE DOE')).toBeNull();
    expect(embossedNameProblem('A')).toBeNull();
    expect(embossedNameProblem('ABCDEFGHIJ KLMNOPQRS')).toBeNull();
  });

  it('says what is wrong', () => {
    expect(embossedNameProblem('')).toBe('it is empty');
    expect(embossedNameProblem('Jane Doe')).toBe('it has lower-case letters; type the name in capitals');
    expect(embossedNameProblem('JANE DOE-SMITH')).toBe('it contains "-", which cannot be embossed');
    expect(embossedNameProblem('JOSÉ 2\t')).toBe('it contains "É", "2", a tab, which cannot be embossed');
    expect(embossedNameProblem(' JANE')).toBe('it starts or ends with a space');
    expect(embossedNameProblem('JANE  DOE')).toBe('it has two spaces in a row');
    expect(embossedNameProblem('JANE ELIZABETH DOEDOE')).toBe('it has 21 characters');
  });

  it('finds a problem exactly when the contract refuses the name', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[A-Z ]{0,24}$/)), (value) => {
        expect(embossedNameProblem(value) === null).toBe(embossedNameParam.safeParse(value).success);
      }),
    );
  });
});
