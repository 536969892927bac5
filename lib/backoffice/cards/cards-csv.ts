// The card list as CSV (RFC 4180): the header, one line per card (a user without cards gets one
// line with the card columns empty), cell quoting, and neutralising cells a spreadsheet would run
// as a formula. States and types stay the wallet's codes (ACTIVE, VIRTUAL) for filtering in a
// spreadsheet; times stay ISO 8601 UTC, as the wallet sent them. That is deliberate: the screen
// writes times for people (lib/backoffice/shared/format.ts, "23 Nov 2026, 14:05 UTC"), a CSV is read by
// programs, which sort and parse ISO 8601 as it is. Pure: it writes the rows the list already shows
// (cards-view), so the export carries masked card numbers only and cannot drift from the table.
import type { CardsCardRow, CardsUserRow } from '@/lib/backoffice/cards/cards-view';

/** Lets spreadsheet programs read the file as UTF-8 (masked numbers contain '•'). */
export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

export const CARDS_CSV_HEADER = [
  'App user ID',
  'Name',
  'E-mail',
  'Registered (UTC)',
  'Card number',
  'Category',
  'Network',
  'Type',
  'Status',
  'Account status',
  'Expiry',
  'Embossed name',
  'Active since (UTC)',
] as const;

// OWASP's list: these open a formula in Excel, LibreOffice and Google Sheets.
const FORMULA_START = /^[=+\-@\t\r]/;

// A negative decimal ("-12.50", a ledger amount) is a value, not a formula: it stays a number.
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

// The separators a spreadsheet may split a line on: ',' (RFC 4180) and ';' (the default in
// locales whose decimal mark is a comma: German, French, Dutch...). Opened there, a line is split
// on ';' and RFC 4180's quotes protect nothing: a quote that opens mid-field ('1,"Shop;=1+1"') is
// a literal character, so "=1+1" is a cell of its own. Every piece must be defused on its own.
const PIECE = /([,;])/;

/** A piece that would open a formula, with a single quote before it; leading spaces are kept. */
function defusePiece(piece: string): string {
  const start = piece.replace(/^ +/, '');
  if (!FORMULA_START.test(start) || PLAIN_NUMBER.test(start)) return piece;
  return `${piece.slice(0, piece.length - start.length)}'${start}`;
}

/**
 * One cell (docs/security.md "CSV exports"): each piece of it, split on either separator, that
 * would open a formula gets a single quote before it (some programs trim the spaces after a
 * separator, so they are skipped); a cell holding either separator, a quote or a line break is
 * quoted (RFC 4180), so a spreadsheet splitting on ',' or on ';' reads it as one cell.
 */
export function csvCell(value: string): string {
  const safe = value.split(PIECE).map(defusePiece).join('');
  return /[",;\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record, CRLF-terminated as RFC 4180 has it. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function cardCells(card: CardsCardRow | undefined): string[] {
  if (!card) return Array.from({ length: 9 }, () => '');
  return [
    card.maskedNumber,
    card.categoryName,
    card.network,
    card.type,
    card.status,
    card.accountStatus,
    card.expiry,
    card.embossedName,
    card.activeTime ?? '',
  ];
}

/** The lines of one user: one per card, or one with empty card columns. */
export function cardsCsvLines(user: CardsUserRow): string {
  // registerTime (and activeTime above) as ISO 8601, not formatDateTime: see the header.
  const userCells = [user.appUserId, user.name, user.email, user.registerTime];
  const cards = user.cards.length > 0 ? user.cards : [undefined];
  return cards.map((card) => csvLine([...userCells, ...cardCells(card)])).join('');
}

/** The file's start: byte-order mark and header. */
export function cardsCsvPreamble(): string {
  return `${CSV_BOM}${csvLine(CARDS_CSV_HEADER)}`;
}

/** "cards-20260501.csv", by the UTC date (ISO 8601's basic form, so the files sort by date). */
export function cardsCsvFilename(now: Date): string {
  return `cards-${now.toISOString().slice(0, 10).replaceAll('-', '')}.csv`;
}
