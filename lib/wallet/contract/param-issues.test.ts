import { describe, expect, it } from 'vitest';
import { walletOperations } from './operations';
import { explainingIssue, isRuleWording } from './param-issues';

describe('isRuleWording', () => {
  it('takes a rule worded to follow the parameter name, and nothing else', () => {
    expect(isRuleWording('must be 1-20 upper-case letters A-Z with single spaces between words')).toBe(true);
    expect(isRuleWording('is required')).toBe(true);
    expect(isRuleWording("'john smith' is lower case")).toBe(false);
    expect(isRuleWording('Choose the city.')).toBe(false);
    expect(isRuleWording('')).toBe(false);
  });

  it('holds for the rule every parameter of the catalogue states when a value off the wire breaks it', () => {
    // A query parameter arrives as text.
    const bad = ['', ' x', 'x'.repeat(9000), '\u0000', '-1', '0', '1.5', 'abc', 'é', 'a,b'];
    const unworded: string[] = [];
    for (const [name, operation] of Object.entries(walletOperations)) {
      for (const param of Object.keys(operation.params.shape)) {
        for (const value of bad) {
          const result = operation.params.safeParse({ [param]: value });
          if (result.success) continue;
          for (const issue of result.error.issues) {
            if (issue.path[0] !== param) continue;
            const rule = explainingIssue(issue).message;
            if (!isRuleWording(rule)) unworded.push(`${name}.${param}: ${rule}`);
          }
        }
      }
    }
    expect([...new Set(unworded)]).toEqual([]);
  });
});
