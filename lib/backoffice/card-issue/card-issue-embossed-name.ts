// The name embossed on a card (docs/wallet-api.md "Values": 1-20 upper-case letters A-Z, single
// spaces between words): a suggestion made from the user's name, and what exactly is wrong with a
// typed one, so the wizard's live error can say more than the rule. Whether a name is valid is
// decided by the contract (lib/wallet/contract/schemas.ts); this module only explains.

export const EMBOSSED_NAME_MAX = 20;

function words(text: string): string[] {
  return (
    text
      // "Zoë" -> "Zoe": a letter with an accent is still that letter on the card.
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase()
      // Hyphens and other separators split words ("Mary-Jane" -> "MARY JANE"); apostrophes and
      // anything else that is not a letter simply go ("O'Neil" -> "ONEIL").
      .replace(/[-\s]+/g, ' ')
      .replace(/[^A-Z ]/g, '')
      .split(' ')
      .filter((word) => word !== '')
  );
}

/**
 * "Jane" + "Doe" -> "JANE DOE". Too long for the card: the first name's initial and the last
 * name, then, if even that is too long, cut at 20 characters (never ending in a space).
 */
export function suggestEmbossedName(firstName: string, lastName: string): string {
  const first = words(firstName);
  const last = words(lastName);
  const full = [...first, ...last].join(' ');
  if (full.length <= EMBOSSED_NAME_MAX) return full;
  const initial = first[0]?.[0];
  const short = [...(initial ? [initial] : []), ...last].join(' ');
  const candidate = short.length <= EMBOSSED_NAME_MAX ? short : full;
  return candidate.slice(0, EMBOSSED_NAME_MAX).trimEnd();
}

function describeCharacter(c: string): string {
  if (c === '\t') return 'a tab';
  if (c === '\n' || c === '\r') return 'a line break';
  if (/\s/.test(c)) return 'a special space';
  return `"${c}"`;
}

/** What breaks the rule, as the end of a sentence ("it has 23 characters"); null when nothing does. */
export function embossedNameProblem(value: string): string | null {
  if (value === '') return 'it is empty';
  if (/[a-z]/.test(value)) return 'it has lower-case letters; type the name in capitals';
  const others = [...new Set(value.replace(/[A-Z ]/g, ''))];
  if (others.length > 0) {
    const shown = others.slice(0, 3).map(describeCharacter);
    return `it contains ${shown.join(', ')}, which cannot be embossed`;
  }
  if (value.startsWith(' ') || value.endsWith(' ')) return 'it starts or ends with a space';
  if (value.includes('  ')) return 'it has two spaces in a row';
  if (value.length > EMBOSSED_NAME_MAX) return `it has ${value.length} characters`;
  return null;
}
