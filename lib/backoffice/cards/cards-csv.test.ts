import { describe, expect, it } from 'vitest';
import {
  CARDS_CSV_HEADER,
  cardsCsvFilename,
  cardsCsvLines,
  cardsCsvPreamble,
  csvCell,
  csvLine,
  CSV_BOM,
} from './cards-csv';
import { cardRecord, FULL, userEntry } from './cards-test-fixtures';
import { toCardsUserRow } from './cards-view-schemas';

describe('csvCell', () => {
  it('leaves plain text alone', () => {
    expect(csvCell('Jane Doe')).toBe('Jane Doe');
    expect(csvCell('')).toBe('');
    expect(csvCell('453201 •••••• 0366')).toBe('453201 •••••• 0366');
  });

  it('quotes commas, quotes and line breaks, doubling quotes (RFC 4180)', () => {
    expect(csvCell('Doe, Jane')).toBe('"Doe, Jane"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x.test","click")')).toBe(
      '"\'=HYPERLINK(""http://x.test"",""click"")"',
    );
    expect(csvCell('+1-2')).toBe("'+1-2");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
    // Only at the start: inside a cell these are harmless.
    expect(csvCell('jane+1@example.com')).toBe('jane+1@example.com');
    expect(csvCell('u-1')).toBe('u-1');
    // A negative number is a value (a ledger amount), not a formula.
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('-12.50+1')).toBe("'-12.50+1");
  });
});

/**
 * How a spreadsheet reads one CSV line when it splits on `separator`: a quote opens a quoted
 * field only at the field's start ("" inside is a quote); anywhere else it is a literal character.
 */
function spreadsheetCells(line: string, separator: ',' | ';'): string[] {
  const cells: string[] = [];
  let cell = '';
  let atStart = true;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (atStart && c === '"') {
      atStart = false;
      for (i++; i < line.length; i++) {
        if (line[i] === '"' && line[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (line[i] === '"') break;
        else cell += line[i];
      }
    } else if (c === separator) {
      cells.push(cell);
      cell = '';
      atStart = true;
    } else {
      cell += c;
      atStart = false;
    }
  }
  cells.push(cell);
  return cells;
}

describe('csvCell in semicolon locales (issue 41 item 7)', () => {
  // Cells people can type (a merchant's name, a note, a summary) built to run in a spreadsheet
  // that splits on ',' or on ';'.
  const HOSTILE = [
    'Shop;=1+1;@SUM(2)',
    'Shop,=1+1,@SUM(2)',
    'Shop; =1+1',
    'Shop;+1',
    'Shop;-2+3',
    'Shop;@SUM(A1)',
    'Shop;\tcmd',
    'a;b;=HYPERLINK("http://x.test","click")',
    '=1+1',
    'x,y;=cmd|" /C calc"!A0',
    ';=1',
    ',@x',
    '"a;=1"',
    'say "x";=1',
  ];
  const FORMULA = /^[=+\-@\t\r]/;

  it.each(HOSTILE)('%j: no cell of the line opens a formula under either separator', (value) => {
    const line = csvLine(['1', value, 'end']).replace(/\r\n$/, '');
    for (const separator of [',', ';'] as const) {
      for (const cell of spreadsheetCells(line, separator)) {
        expect(FORMULA.test(cell.replace(/^ +/, '')), `${cell} (split on ${separator})`).toBe(false);
      }
    }
    // Read as RFC 4180 has it, the line is still three cells and the value reads as written,
    // apart from the quotes that defuse it.
    const cells = spreadsheetCells(line, ',');
    expect(cells).toHaveLength(3);
    expect(cells[1]!.replaceAll("'", '')).toBe(value.replaceAll("'", ''));
  });

  it('quotes and defuses the merchant of the report exactly', () => {
    expect(csvCell('Shop;=1+1;@SUM(2)')).toBe('"Shop;\'=1+1;\'@SUM(2)"');
    expect(csvCell('Shop; -2+3')).toBe('"Shop; \'-2+3"');
  });

  it('quotes a semicolon that opens nothing, and leaves numbers and plain pieces alone', () => {
    expect(csvCell('Bread; milk')).toBe('"Bread; milk"');
    expect(csvCell('-12.50;-3')).toBe('"-12.50;-3"');
    expect(csvCell('Doe, Jane')).toBe('"Doe, Jane"');
    expect(csvCell('jane+1@example.com')).toBe('jane+1@example.com');
  });
});

describe('cards CSV', () => {
  it('starts with a byte-order mark and the header', () => {
    expect(cardsCsvPreamble()).toBe(
      `${CSV_BOM}App user ID,Name,E-mail,Registered (UTC),Card number,Category,Network,Type,Status,Account status,Expiry,Embossed name,Active since (UTC)\r\n`,
    );
    expect(csvLine(CARDS_CSV_HEADER).split(',')).toHaveLength(13);
  });

  it('writes one line per card, with masked card numbers only', () => {
    const user = toCardsUserRow(
      userEntry({
        cardList: [
          cardRecord(),
          cardRecord({
            cardId: 8,
            cardNumber: '4556760000000005',
            status: 'PENDING',
            cardAccountStatus: 'PENDING',
            activeTime: null,
            type: 'PHYSICAL',
            name: 'Physical Visa Gold',
          }),
        ],
      }),
    );
    const text = cardsCsvLines(user);
    expect(text).toBe(
      'u-1,Jane Doe,jane@example.com,2026-01-02T03:04:05.000Z,453201 •••••• 0366,Virtual Visa Classic,VISA,VIRTUAL,ACTIVE,APPROVED,03/2029,JANE DOE,2026-03-04T05:06:07.000Z\r\n' +
        'u-1,Jane Doe,jane@example.com,2026-01-02T03:04:05.000Z,455676 •••••• 0005,Physical Visa Gold,VISA,PHYSICAL,PENDING,PENDING,03/2029,JANE DOE,\r\n',
    );
    expect(text).not.toContain(FULL);
    expect(text).not.toContain('4556760000000005');
    expect(text).not.toContain('X1234567');
  });

  it('writes a user without cards as one line with empty card columns', () => {
    const text = cardsCsvLines(toCardsUserRow(userEntry({ appUserId: 'u-2' })));
    expect(text).toBe('u-2,Jane Doe,jane@example.com,2026-01-02T03:04:05.000Z,,,,,,,,,\r\n');
    expect(text.trimEnd().split(',')).toHaveLength(13);
  });

  it("defuses a user's own values", () => {
    const text = cardsCsvLines(
      toCardsUserRow(userEntry({ appUserId: '@csv-1', email: '-csv-1@example.com', lastName: "O'Neil" })),
    );
    expect(text).toBe("'@csv-1,Jane O'Neil,'-csv-1@example.com,2026-01-02T03:04:05.000Z,,,,,,,,,\r\n");
  });

  it('names the file by the UTC date', () => {
    expect(cardsCsvFilename(new Date('2026-05-01T23:30:00.000Z'))).toBe('cards-20260501.csv');
    expect(cardsCsvFilename(new Date('2026-12-31T00:00:00.000Z'))).toBe('cards-20261231.csv');
  });
});
