// How a failed parameter check is worded, shared by the wallet service (1001/1002 envelopes)
// and the back-office's client (refusing before it sends), so both say the same thing:
// "<name> is required." or "<name> <rule>." for the first failing parameter.
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

export type ParamIssue =
  | { kind: 'missing'; name: string; message: string }
  | { kind: 'invalid'; name: string; rule: string; message: string };

/**
 * Whether `text` is worded as the contract words a rule: to be read after the parameter's name,
 * starting "must ..." or "is ..." (every rule of schemas.ts; the service sends it as `data.rule` of
 * a 1002). Anything else is not put after a name: a form's own whole sentence, or text a different
 * service implementation put in `data.rule`, which might quote the value. The one place that
 * knows this wording; param-issues.test.ts holds every rule of the contract to it.
 */
export function isRuleWording(text: string): boolean {
  return /^(must|is) /.test(text);
}

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
