// How a failed parameter check is worded, shared by the wallet service (1001/1002 envelopes)
// and the back-office's client (refusing before it sends), so both say the same thing:
// "<name> is required." or "<name> <rule>." for the first failing parameter.
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

export type ParamIssue =
  | { kind: 'missing'; name: string; message: string }
  | { kind: 'invalid'; name: string; rule: string; message: string };

/** For a union (ids, booleans and numbers take a string or a typed value), the branch's real rule. */
export function explainingIssue(issue: Issue): Issue {
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const nested = issue.errors.flat().filter((i) => i.code !== 'invalid_type');
    if (nested[0]) return explainingIssue(nested[0]);
  }
  return issue;
}

/** The first failing parameter: missing if the input lacks it, else invalid with its rule. */
export function firstParamIssue(error: z.ZodError, input: Record<string, unknown>): ParamIssue {
  const first = error.issues[0];
  const name = String(first?.path[0] ?? 'a parameter');
  if (!Object.prototype.hasOwnProperty.call(input, name)) {
    return { kind: 'missing', name, message: `${name} is required.` };
  }
  const rule = first ? explainingIssue(first).message : 'is invalid';
  return { kind: 'invalid', name, rule, message: `${name} ${rule}.` };
}
