// The filters of /approvals as its URL writes them: state, kind, whose, and the paging contract.
// A value a link or a hand-edited URL gets wrong falls back to its default (like paging), so the
// page never fails on its own query. Pure: the page and the list function share it.
import { parsePaging, searchParam, type Paging, type RawSearchParams } from '@/lib/backoffice/shared/paging';
import { APPROVAL_FILTERS, APPROVAL_KINDS, type ApprovalFilter, type ApprovalKind } from './approval-kinds';

export const APPROVAL_WHOSE = ['anyone', 'mine', 'for-me'] as const;
export type ApprovalWhose = (typeof APPROVAL_WHOSE)[number];

export const APPROVAL_WHOSE_LABELS: Record<ApprovalWhose, string> = {
  anyone: 'Anyone’s',
  mine: 'Asked by me',
  'for-me': 'Waiting for me',
};

export type ApprovalFilters = Paging & {
  state: ApprovalFilter;
  kind: ApprovalKind | null;
  whose: ApprovalWhose;
};

const oneOf = <T extends string>(values: readonly T[], value: string | undefined, fallback: T): T =>
  value !== undefined && (values as readonly string[]).includes(value) ? (value as T) : fallback;

export function parseApprovalFilters(raw: RawSearchParams): ApprovalFilters {
  const kind = searchParam(raw, 'kind');
  return {
    ...parsePaging(raw),
    state: oneOf(APPROVAL_FILTERS, searchParam(raw, 'state'), 'pending'),
    kind:
      kind !== undefined && (APPROVAL_KINDS as readonly string[]).includes(kind)
        ? (kind as ApprovalKind)
        : null,
    whose: oneOf(APPROVAL_WHOSE, searchParam(raw, 'whose'), 'anyone'),
  };
}

/** The filters as link parameters, defaults left out (pagingHref adds size and page). */
export function approvalFilterParams(filters: ApprovalFilters): Record<string, string | undefined> {
  return {
    state: filters.state === 'pending' ? undefined : filters.state,
    kind: filters.kind ?? undefined,
    whose: filters.whose === 'anyone' ? undefined : filters.whose,
  };
}
