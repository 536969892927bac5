// The card-view origins form (card-view-forms.ts): what staff type (one per line, or commas) is sent
// as the wallet's comma-separated list, and refused by the wallet's own rule, beside the field.
import { describe, expect, it } from 'vitest';
import { setCardViewOriginsPostSchema } from './card-view-forms';
import { CARD_VIEW_ORIGINS_RULE } from './card-view-rule';

const posted = (origins: string) => {
  const form = new FormData();
  form.append('origins', origins);
  return setCardViewOriginsPostSchema.safeParse(form);
};

describe('the card-view origins form as posted', () => {
  it('takes origins one per line or comma-separated, as one comma-separated list; empty clears', () => {
    expect(
      posted(' https://app.example.com \nhttps://www.example.com:8443, https://m.example.com\n\n').data,
    ).toEqual({ origins: 'https://app.example.com,https://www.example.com:8443,https://m.example.com' });
    expect(posted('  ').data).toEqual({ origins: '' });
  });

  it('refuses a path, http:// or more than ten, naming the field and its rule', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `https://a${i}.example.com`).join('\n');
    for (const bad of ['https://app.example.com/card', 'http://app.example.com', 'app.example.com', eleven]) {
      const result = posted(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['origins', `Card-view origins: ${CARD_VIEW_ORIGINS_RULE}`],
      ]);
    }
  });
});
