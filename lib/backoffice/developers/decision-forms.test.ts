// The decision form's schema (decision-forms.ts): decision/set changes only what it is given, so a
// field the form did not post must stay absent (the "Rotate secret" form posts rotateSecret alone
// and must not remove the URL), while a URL posted empty is the removal.
import { describe, expect, it } from 'vitest';
import { setDecisionPostSchema } from './decision-forms';

const posted = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return setDecisionPostSchema.parse(form);
};

describe('the decision form as posted', () => {
  it('Rotate secret posts rotateSecret alone: nothing else is given, so the URL and settings stay', () => {
    expect(posted({ rotateSecret: 'true' })).toEqual({ rotateSecret: 'true' });
  });

  it('the settings form posts all three; an empty URL is given empty (removes the endpoint)', () => {
    expect(posted({ url: '', fallback: 'APPROVE', timeoutMs: '300' })).toEqual({
      url: '',
      fallback: 'APPROVE',
      timeoutMs: 300,
    });
    expect(posted({ url: ' https://example.com/decide ', fallback: 'DECLINE', timeoutMs: '1500' })).toEqual({
      url: 'https://example.com/decide',
      fallback: 'DECLINE',
      timeoutMs: 1500,
    });
  });

  it('refuses a rotateSecret other than true', () => {
    expect(() => posted({ rotateSecret: 'yes' })).toThrow();
  });
});
