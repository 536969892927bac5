// The audit log as CSV (RFC 4180), for the export of /audit with its filters: the header and one
// line per entry, with the note the member of staff typed (a lock's "caller says the card was
// stolen at the station") in a column of its own, as typed. Cells are quoted and formula starts defused by the cards export's own cell
// writer (cards-csv.ts): summaries hold what staff typed (names, e-mails) and must not run in a
// spreadsheet. Times are ISO 8601 UTC, not formatDateTime: a CSV is read by programs, which sort
// and parse ISO 8601 as it is (the same choice as the cards export). Pure.
import { CSV_BOM, csvLine } from '@/lib/backoffice/cards/cards-csv';
import { actionLabel } from './audit-labels';

export const AUDIT_CSV_HEADER = [
  'When (UTC)',
  'Who',
  'Role',
  'Action',
  'Action code',
  'Target type',
  'Target',
  'About user',
  'Outcome',
  'Wallet code',
  'What happened',
  'Note',
] as const;

export type AuditCsvRow = {
  createdAt: Date;
  actorEmail: string;
  actorRole: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  subjectUser: string | null;
  outcome: string;
  resultCode: number | null;
  summary: string;
  note: string | null;
};

export function auditCsvLine(row: AuditCsvRow): string {
  return csvLine([
    row.createdAt.toISOString(),
    row.actorEmail,
    row.actorRole ?? '',
    actionLabel(row.action),
    row.action,
    row.targetType ?? '',
    row.targetId ?? '',
    row.subjectUser ?? '',
    row.outcome,
    row.resultCode === null ? '' : String(row.resultCode),
    row.summary,
    row.note ?? '',
  ]);
}

/** The file's start: byte-order mark and header. */
export function auditCsvPreamble(): string {
  return `${CSV_BOM}${csvLine(AUDIT_CSV_HEADER)}`;
}

/** "audit-20260501.csv", by the UTC date. */
export function auditCsvFilename(now: Date): string {
  return `audit-${now.toISOString().slice(0, 10).replaceAll('-', '')}.csv`;
}
