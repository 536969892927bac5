// /approvals (docs/back-office.md "Routes", "Approvals"): requests waiting for a second person, and
// what became of the others. Filtered by state (pending first), kind and whose (anyone's, mine,
// waiting for me), in the URL, a page at a time. Every role reads it (a support agent can tell a
// caller their unlock is waiting); deciding is on each request's page, checked by its action. Above
// them, the requests support has filed about locked cards (docs/back-office.md "Staff requests").
import { ClipboardCheck } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { ApprovalsTable } from '@/components/approvals/approvals-table';
import { StaffRequestsQueue } from '@/components/staff-requests/staff-requests-queue';
import { AccessDenied } from '@/components/access-denied';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { NativeSelect } from '@/components/ui/select';
import { can } from '@/lib/backoffice/auth/permissions';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import {
  APPROVAL_FILTER_LABELS,
  APPROVAL_FILTERS,
  APPROVAL_KIND_LABELS,
  APPROVAL_KINDS,
} from '@/lib/backoffice/approvals/approval-kinds';
import {
  APPROVAL_WHOSE,
  APPROVAL_WHOSE_LABELS,
  approvalFilterParams,
  parseApprovalFilters,
} from '@/lib/backoffice/approvals/approval-filters';
import { listApprovals } from '@/lib/backoffice/approvals/list-approvals';
import { getDb } from '@/lib/backoffice/db';
import { staffNamesById } from '@/lib/backoffice/staff/staff-names';
import { pagingLinkParams } from '@/lib/backoffice/shared/paging';

export const metadata: Metadata = { title: 'Approvals' };

type SearchParams = Record<string, string | string[] | undefined>;

export default async function ApprovalsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const me = await requireStaff();
  if (!can(me.role, 'approvals.read')) return <AccessDenied what="approvals" />;
  const filters = parseApprovalFilters(await searchParams);
  const db = await getDb();
  const { rows, hasNext } = await listApprovals({ db, actor: me, filters });
  const staffNames = await staffNamesById(
    db,
    rows.flatMap((row) => [row.makerId, row.deciderId]),
  );

  return (
    <>
      <PageHeader
        title="Approvals"
        description="Money leaving the agency and undoing a stolen card's lock wait for a second member of staff (the one who asked never approves). Requests expire after 72 hours."
      />
      <StaffRequestsQueue staff={me} />
      <form
        method="get"
        role="search"
        aria-label="Filter the requests"
        className="mb-6 grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <div className="grid gap-1.5">
          <Label htmlFor="state">State</Label>
          <NativeSelect id="state" name="state" defaultValue={filters.state}>
            {APPROVAL_FILTERS.map((state) => (
              <option key={state} value={state}>
                {APPROVAL_FILTER_LABELS[state]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="kind">Kind</Label>
          <NativeSelect id="kind" name="kind" defaultValue={filters.kind ?? ''}>
            <option value="">Every kind</option>
            {APPROVAL_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {APPROVAL_KIND_LABELS[kind]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="whose">Whose</Label>
          <NativeSelect id="whose" name="whose" defaultValue={filters.whose}>
            {APPROVAL_WHOSE.map((whose) => (
              <option key={whose} value={whose}>
                {APPROVAL_WHOSE_LABELS[whose]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex items-end gap-2">
          <Button type="submit">Show</Button>
          <Button variant="outline" asChild>
            <Link href="/approvals">Clear</Link>
          </Button>
        </div>
      </form>
      {rows.length === 0 ? (
        <EmptyState
          icon={<ClipboardCheck className="size-10" aria-hidden="true" />}
          title={filters.state === 'pending' ? 'Nothing is waiting' : 'No requests'}
          description={
            filters.state === 'pending'
              ? 'No request waits for approval with these filters.'
              : 'No request matches these filters.'
          }
        />
      ) : (
        <ApprovalsTable rows={rows} label="Approval requests" staffNames={staffNames} />
      )}
      <Pagination
        className="mt-6"
        basePath="/approvals"
        searchParams={pagingLinkParams(filters, approvalFilterParams(filters))}
        page={filters.page}
        pageSize={filters.size}
        hasNext={hasNext}
        itemLabel="requests"
      />
    </>
  );
}
