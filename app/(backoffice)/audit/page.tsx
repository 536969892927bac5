// The audit log (admins): who did what, to which user or card, when, with what outcome and
// wallet result code. Filters live in the URL, so a filtered view can be shared and reloaded, and
// the same filters export every matching entry as CSV (/audit/export). Actions and summaries read
// as words (audit-labels.ts: people, cards and staff by name), with the note the member of staff
// typed; targets link to the user's or the card's page.
import { Download } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { AccessDenied } from '@/components/access-denied';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { NativeSelect } from '@/components/ui/select';
import { SelectOptions } from '@/components/ui/select-options';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { can } from '@/lib/backoffice/auth/permissions';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import {
  actionLabel,
  auditSummaryInWords,
  auditTargetView,
  OUTCOME_LABELS,
  type AuditNames,
  type AuditTargetFields,
} from '@/lib/backoffice/audit/audit-labels';
import { auditNamesOf, auditSummaryNamesOf } from '@/lib/backoffice/audit/audit-names';
import { resultCodeWords } from '@/lib/backoffice/shared/result-code-words';
import { staffDirectory } from '@/lib/backoffice/staff/staff-names';
import { listAuditActions, listAuditEntries } from '@/lib/backoffice/audit/list-audit-entries';
import { getDb } from '@/lib/backoffice/db';
import { AUDIT_OUTCOMES } from '@/lib/backoffice/auth/staff-roles';
import { AUDIT_PAGE_SIZE, auditFilterQuery, auditFiltersSchema } from '@/lib/backoffice/audit/forms';
import { LocalTime } from '@/components/ui/local-time';

export const metadata: Metadata = { title: 'Audit log' };

const OUTCOME_BADGE = { success: 'success', failure: 'danger', denied: 'warning' } as const;

type SearchParams = Record<string, string | string[] | undefined>;

function AuditTarget({ entry, names }: { entry: AuditTargetFields; names: AuditNames }) {
  const view = auditTargetView(entry, names);
  if (!view) return <>—</>;
  return (
    <>
      {view.href ? (
        <Link href={view.href} prefetch={false} className="underline underline-offset-2 hover:text-primary">
          {view.text}
        </Link>
      ) : (
        <span className="break-words">{view.text}</span>
      )}
      {view.user ? (
        <div className="text-xs text-muted-foreground">
          of{' '}
          <Link
            href={view.user.href}
            prefetch={false}
            className="underline underline-offset-2 hover:text-primary"
          >
            {view.user.text}
          </Link>
        </div>
      ) : null}
    </>
  );
}

export default async function AuditPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const me = await requireStaff();
  if (!can(me.role, 'audit.read')) return <AccessDenied what="the audit log" />;
  const raw = await searchParams;
  const single = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const parsed = auditFiltersSchema.safeParse(single);
  const filters = parsed.success ? parsed.data : auditFiltersSchema.parse({});
  const db = await getDb();
  const exportQuery = auditFilterQuery(filters);
  const [{ entries, hasNext }, actions, staffList] = await Promise.all([
    listAuditEntries({ db, actor: me, filters }),
    listAuditActions(db),
    staffDirectory(db),
  ]);
  const [names, summaryNames] = await Promise.all([auditNamesOf(entries), auditSummaryNamesOf(entries)]);
  const staffByEmail = new Map(staffList.map((s) => [s.email.toLowerCase(), s.name]));
  const sentenceNames = { ...summaryNames, staff: staffByEmail };
  // The picker offers every member of staff; an e-mail in the address that is none of theirs
  // (an account since renamed, "system") is kept as an option rather than dropped.
  const pickerOptions = [
    ...staffList.map((s) => ({ value: s.email, label: `${s.name} (${s.email})` })),
    ...(filters.actor && !staffByEmail.has(filters.actor.toLowerCase())
      ? [{ value: filters.actor, label: filters.actor }]
      : []),
  ];

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change made in the back-office, every refusal, every sign-in and every look at a user's or a card's page, newest first."
        actions={
          <Button variant="outline" asChild>
            {/* A plain link: the browser downloads the file; the route checks the role itself. */}
            <a href={`/audit/export${exportQuery ? `?${exportQuery}` : ''}`} download>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        }
      />
      {!parsed.success ? (
        <p role="alert" className="mb-4 text-sm text-danger-fg">
          Some filters were not valid and were ignored.
        </p>
      ) : null}
      <form
        method="get"
        className="mb-6 grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-2 lg:grid-cols-4"
        role="search"
        aria-label="Filter the audit log"
      >
        <div className="grid gap-1.5">
          <Label htmlFor="actor">Who</Label>
          <NativeSelect id="actor" name="actor" defaultValue={filters.actor ?? ''}>
            <SelectOptions any="Anyone" options={pickerOptions} />
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="user">About user (app user ID)</Label>
          <Input id="user" name="user" defaultValue={filters.user ?? ''} placeholder="appUserId" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="action">Action</Label>
          <NativeSelect id="action" name="action" defaultValue={filters.action ?? ''}>
            <SelectOptions
              any="Any action"
              options={actions.map((a) => ({ value: a, label: actionLabel(a) }))}
            />
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="target">Target (card ID, staff e-mail…)</Label>
          <Input
            id="target"
            name="target"
            defaultValue={filters.target ?? ''}
            placeholder="card ID, address ID, e-mail"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="outcome">Outcome</Label>
          <NativeSelect id="outcome" name="outcome" defaultValue={filters.outcome ?? ''}>
            <SelectOptions
              any="Any outcome"
              options={AUDIT_OUTCOMES.map((o) => ({ value: o, label: OUTCOME_LABELS[o] }))}
            />
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="from">From</Label>
          <Input id="from" name="from" type="date" defaultValue={filters.from ?? ''} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="to">To</Label>
          <Input id="to" name="to" type="date" defaultValue={filters.to ?? ''} />
        </div>
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-1">
          <Button type="submit">Apply filters</Button>
          <Button variant="outline" asChild>
            <a href="/audit">Clear</a>
          </Button>
        </div>
      </form>
      {entries.length === 0 ? (
        <EmptyState title="No entries" description="Nothing in the audit log matches these filters." />
      ) : (
        // Four columns that wrap, so the log reads within a 1280 px screen; the action, the key
        // column, comes first, so a phone shows it without scrolling.
        <Table label="Audit log entries" className="table-fixed" data-testid="audit-table">
          <colgroup>
            <col className="w-[11rem] sm:w-[13rem]" />
            <col className="w-[11rem] sm:w-[13rem]" />
            <col className="w-[11rem] sm:w-[14rem]" />
            <col className="w-[16rem] sm:w-auto" />
          </colgroup>
          <TableHeader>
            <TableRow>
              <TableHead keyColumn="start">Action</TableHead>
              <TableHead>Who, when</TableHead>
              <TableHead>About</TableHead>
              <TableHead>What happened</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((e) => (
              <TableRow key={e.id} className="align-top">
                <TableCell className="whitespace-normal align-top text-sm" keyColumn="start">
                  <div className="font-medium" data-testid="audit-action">
                    {actionLabel(e.action)}
                  </div>
                  <Badge variant={OUTCOME_BADGE[e.outcome]} className="mt-1" data-testid="audit-outcome">
                    {OUTCOME_LABELS[e.outcome]}
                  </Badge>
                </TableCell>
                <TableCell className="whitespace-normal align-top text-sm">
                  <div className="break-words" data-testid="audit-who">
                    {staffByEmail.get(e.actorEmail.toLowerCase()) ?? e.actorEmail}
                    {e.actorRole ? <span className="text-muted-foreground"> · {e.actorRole}</span> : null}
                  </div>
                  <div className="text-xs text-muted-foreground tabular-nums">
                    {/* To the second: entries of one action follow each other within a minute. */}
                    <LocalTime value={e.createdAt} seconds />
                  </div>
                </TableCell>
                <TableCell
                  className="whitespace-normal align-top text-sm break-words"
                  data-testid="audit-target"
                >
                  <AuditTarget entry={e} names={names} />
                </TableCell>
                <TableCell className="whitespace-normal align-top text-sm break-words">
                  {/* Older entries name things by ID: read in words where exact (the CSV keeps them as recorded). */}
                  <div data-testid="audit-summary">{auditSummaryInWords(e, names, sentenceNames)}</div>
                  {/* What the member of staff typed (a lock's note), as typed: the CSV's "Note" column. */}
                  {e.note ? (
                    <p className="mt-1 whitespace-pre-line break-words" data-testid="audit-note">
                      <span className="text-muted-foreground">Note: </span>“{e.note}”
                    </p>
                  ) : null}
                  {e.resultCode !== null ? (
                    <div className="mt-1 text-xs text-muted-foreground" data-testid="audit-code">
                      Wallet: {e.resultCode === 0 ? 'done (code 0)' : resultCodeWords(e.resultCode)}
                    </div>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pagination
        className="mt-6"
        basePath="/audit"
        searchParams={single}
        page={filters.page}
        pageSize={AUDIT_PAGE_SIZE}
        hasNext={hasNext}
      />
    </>
  );
}
