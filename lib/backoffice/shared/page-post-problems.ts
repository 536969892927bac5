// What a page of its own says when its post comes back refused (page-post.ts): the word in its
// address, in a sentence. Pure.
import { MAKER_REASON_MISSING } from '@/lib/backoffice/approvals/approval-facts';
import { resultCodeWords } from '@/lib/backoffice/shared/result-code-words';

export type PagePostProblem = { field: string | null; code: number | null };

/** What went wrong, in words, from the word the action sent back. */
export function problemText(problem: PagePostProblem): string {
  if (problem.code !== null)
    return `The wallet refused it: ${resultCodeWords(problem.code)}. Nothing was changed.`;
  switch (problem.field) {
    case 'reason':
      return 'Choose a reason.';
    case 'makerReason':
      return MAKER_REASON_MISSING;
    case 'amount':
      return 'Enter an amount the source can pay: a decimal amount in major units, e.g. 25.00, at most its balance.';
    case 'fromAssetId':
      return 'Choose where the money comes from.';
    case 'unknown':
      return 'The wallet service did not answer: the outcome is unknown. Look at the card before trying again.';
    default:
      return 'Nothing was changed: the form could not be sent as it was. Try again.';
  }
}
