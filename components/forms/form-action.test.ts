import { describe, expect, it } from 'vitest';
import { formAction } from './form-action';

describe('formAction', () => {
  it('hands the action itself to the form, so the browser can post to it before hydration', () => {
    const action = async (input: unknown) => ({ data: input });
    expect(formAction(action)).toBe(action);
  });

  it('refuses, as a type, an action whose input cannot be the posted FormData', () => {
    const objectOnly = async (input: { appUserId: string }) => input.appUserId;
    // @ts-expect-error: the browser posts FormData, which this action cannot read.
    expect(formAction(objectOnly)).toBe(objectOnly);
  });
});
