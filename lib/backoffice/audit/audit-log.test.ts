// The audit log against a real database: the "about user" filter finds every entry about a user
// (their own, their cards', their addresses', whoever the target), the export walks every
// matching entry without repeating or losing one, a view is recorded once a minute per member of
// staff and target, a wallet failure is written as its code and meaning, and the CSV defuses
// formulas.
import { asc, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { auditLog } from '@/lib/backoffice/db/schema';
import { auditFiltersSchema, type AuditFilters } from '@/lib/backoffice/audit/forms';
import { runWalletMutation } from '@/lib/backoffice/shared/wallet-mutation';
import { WalletConflictError, WalletUnavailableError } from '@/lib/backoffice/wallet-client';
import { resetTestDatabase } from '@/tests/helpers/wallet-db';
import { auditCsvLine, auditCsvPreamble, AUDIT_CSV_HEADER } from './audit-csv';
import { auditEntryBatches, listAuditEntries } from './list-audit-entries';
import { recordAudit } from './record-audit';
import { recordView } from './record-view';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const admin: CurrentStaff = { id: 1, email: 'ada@agency.test', name: 'Ada', role: 'admin' };
const operator: CurrentStaff = { id: 2, email: 'olga@agency.test', name: 'Olga', role: 'operator' };
const actor = (s: CurrentStaff) => ({ id: s.id, email: s.email, role: s.role });

let db: Database;

const filters = (raw: Record<string, string>): AuditFilters => auditFiltersSchema.parse(raw);

async function allRows() {
  return db.select().from(auditLog).orderBy(asc(auditLog.id));
}

beforeAll(async () => {
  await resetTestDatabase();
}, 120_000);

beforeEach(async () => {
  db = (await resetTestDatabase()).backoffice;
}, 120_000);

describe('the "about user" filter', () => {
  it('finds entries about the user whatever their target, and nothing about anyone else', async () => {
    await recordAudit(db, {
      actor: actor(operator),
      action: 'user.register',
      targetType: 'user',
      targetId: 'u-1',
      outcome: 'success',
      summary: 'Register user u-1 with KYC',
    });
    await recordAudit(db, {
      actor: actor(operator),
      action: 'card.lock',
      targetType: 'card',
      targetId: '42',
      subjectUser: 'u-1',
      outcome: 'success',
      summary: 'Locked card 42 of user u-1',
    });
    await recordAudit(db, {
      actor: actor(operator),
      action: 'address.delete',
      targetType: 'address',
      targetId: '7',
      subjectUser: 'u-1',
      outcome: 'failure',
      resultCode: 4003,
      summary: 'Delete address 7 of user u-1: refused',
    });
    // Someone else's, and one whose target id happens to equal the user's id.
    await recordAudit(db, {
      actor: actor(operator),
      action: 'card.lock',
      targetType: 'card',
      targetId: '43',
      subjectUser: 'u-2',
      outcome: 'success',
      summary: 'Locked card 43 of user u-2',
    });
    await recordAudit(db, {
      actor: actor(admin),
      action: 'staff.invite',
      targetType: 'staff',
      targetId: 'u-10',
      outcome: 'success',
      summary: 'Invited',
    });
    await recordView({ staff: admin, targetType: 'user', targetId: 'u-1', subjectUser: 'u-1' });

    const { entries, hasNext } = await listAuditEntries({
      db,
      actor: admin,
      filters: filters({ user: 'u-1' }),
    });
    expect(hasNext).toBe(false);
    expect(entries.map((e) => `${e.action} ${e.targetType} ${e.targetId}`)).toEqual([
      'user.view user u-1',
      'address.delete address 7',
      'card.lock card 42',
      'user.register user u-1',
    ]);
    // Combined with the other filters.
    const failures = await listAuditEntries({
      db,
      actor: admin,
      filters: filters({ user: 'u-1', outcome: 'failure' }),
    });
    expect(failures.entries.map((e) => e.action)).toEqual(['address.delete']);
    const exact = await listAuditEntries({ db, actor: admin, filters: filters({ user: 'u-' }) });
    expect(exact.entries).toEqual([]);
  });

  it('is read through the subject index', async () => {
    const plan = await db.execute(
      sql`explain select * from backoffice.audit_log where subject_user = 'u-1' order by created_at desc, id desc limit 51`,
    );
    expect(JSON.stringify(plan)).toContain('audit_log_subject_idx');
  });

  it('only for those who may read the log', async () => {
    await expect(listAuditEntries({ db, actor: operator, filters: filters({}) })).rejects.toThrow(
      'Your role (operator) does not allow this.',
    );
  });
});

describe('auditEntryBatches (the export)', () => {
  it('walks every matching entry newest first, each once, whatever the batch size', async () => {
    // Entries written in one transaction share created_at: the id breaks the tie.
    await db.transaction(async (tx) => {
      for (let i = 1; i <= 7; i++) {
        await recordAudit(tx, {
          actor: actor(operator),
          action: 'card.lock',
          targetType: 'card',
          targetId: String(i),
          subjectUser: 'u-9',
          outcome: 'success',
          summary: `entry ${i}`,
        });
      }
    });
    await recordAudit(db, {
      actor: actor(operator),
      action: 'card.lock',
      targetType: 'card',
      targetId: '99',
      subjectUser: 'u-8',
      outcome: 'success',
      summary: 'not this user',
    });
    const expected = (await allRows())
      .filter((r) => r.subjectUser === 'u-9')
      .map((r) => r.summary)
      .reverse();
    for (const batchSize of [1, 3, 7, 100]) {
      const seen: string[] = [];
      const sizes: number[] = [];
      for await (const batch of auditEntryBatches({
        db,
        actor: admin,
        filters: filters({ user: 'u-9', page: '3' }),
        batchSize,
      })) {
        sizes.push(batch.length);
        seen.push(...batch.map((r) => r.summary));
      }
      expect(seen, `batch size ${batchSize}`).toEqual(expected);
      expect(seen).toHaveLength(7);
      expect(sizes.every((n) => n <= batchSize)).toBe(true);
    }
  });
});

describe('recordView', () => {
  it('writes user.view and card.view in words, once a minute per member of staff and target', async () => {
    expect(
      await recordView({ staff: admin, targetType: 'user', targetId: 'u-1', subjectUser: 'u-1' }),
    ).toEqual({
      recorded: true,
    });
    // A reload within the minute adds nothing.
    expect(
      await recordView({ staff: admin, targetType: 'user', targetId: 'u-1', subjectUser: 'u-1' }),
    ).toEqual({
      recorded: false,
    });
    // Another target, another member of staff: each recorded.
    await recordView({ staff: admin, targetType: 'card', targetId: '42', subjectUser: 'u-1' });
    await recordView({ staff: operator, targetType: 'user', targetId: 'u-1', subjectUser: 'u-1' });
    const rows = await allRows();
    expect(
      rows.map(
        ({
          actorId,
          actorEmail,
          actorRole,
          action,
          targetType,
          targetId,
          subjectUser,
          outcome,
          resultCode,
          summary,
        }) => ({
          actorId,
          actorEmail,
          actorRole,
          action,
          targetType,
          targetId,
          subjectUser,
          outcome,
          resultCode,
          summary,
        }),
      ),
    ).toEqual([
      {
        actorId: 1,
        actorEmail: 'ada@agency.test',
        actorRole: 'admin',
        action: 'user.view',
        targetType: 'user',
        targetId: 'u-1',
        subjectUser: 'u-1',
        outcome: 'success',
        resultCode: null,
        summary: 'Viewed user u-1',
      },
      {
        actorId: 1,
        actorEmail: 'ada@agency.test',
        actorRole: 'admin',
        action: 'card.view',
        targetType: 'card',
        targetId: '42',
        subjectUser: 'u-1',
        outcome: 'success',
        resultCode: null,
        summary: 'Viewed card 42 of user u-1',
      },
      {
        actorId: 2,
        actorEmail: 'olga@agency.test',
        actorRole: 'operator',
        action: 'user.view',
        targetType: 'user',
        targetId: 'u-1',
        subjectUser: 'u-1',
        outcome: 'success',
        resultCode: null,
        summary: 'Viewed user u-1',
      },
    ]);

    // A minute later, the next look is recorded again.
    await db.execute(sql`update backoffice.audit_log set created_at = created_at - interval '61 seconds'`);
    expect(
      await recordView({ staff: admin, targetType: 'user', targetId: 'u-1', subjectUser: 'u-1' }),
    ).toEqual({
      recorded: true,
    });
    expect((await allRows()).filter((r) => r.action === 'user.view' && r.actorId === 1)).toHaveLength(2);
  });

  it('lets a database failure surface (the page fails rather than render unrecorded)', async () => {
    const broken = {
      execute: () => Promise.reject(new Error('connection lost')),
    } as unknown as Database;
    await expect(
      recordView({ staff: admin, targetType: 'user', targetId: 'u-1', subjectUser: 'u-1', db: broken }),
    ).rejects.toThrow('connection lost');
  });
});

describe('runWalletMutation failure entries', () => {
  const run = (error: Error) =>
    runWalletMutation({
      staff: operator,
      schema: z.object({}),
      action: 'card.lock',
      targetType: 'card',
      targetId: '42',
      subjectUser: 'u-1',
      summary: 'Lock card 42 of user u-1 (LOST)',
      call: () => Promise.reject(error),
    });

  it('writes the result code and its meaning, never the class name', async () => {
    const refused = new WalletConflictError({
      operation: 'cardLock',
      code: 4009,
      staffMessage: 'no',
      detail: 'wallet cardLock answered 4009',
    });
    await expect(run(refused)).rejects.toBe(refused);
    const [entry] = await allRows();
    expect(entry).toMatchObject({
      action: 'card.lock',
      targetType: 'card',
      targetId: '42',
      subjectUser: 'u-1',
      outcome: 'failure',
      resultCode: 4009,
      summary:
        "Lock card 42 of user u-1 (LOST): refused, code 4009 (the card's status does not allow this change)",
    });
    expect(entry!.summary).not.toContain('Error');
  });

  it('says the outcome is unknown when the wallet did not answer', async () => {
    const unreachable = new WalletUnavailableError({
      operation: 'cardLock',
      code: null,
      staffMessage: 'no',
      detail: 'timeout',
      reason: 'timeout',
    });
    await expect(run(unreachable)).rejects.toBe(unreachable);
    const [entry] = await allRows();
    expect(entry).toMatchObject({
      outcome: 'failure',
      resultCode: null,
      summary: 'Lock card 42 of user u-1 (LOST): the wallet service could not be reached; outcome unknown',
    });
  });
});

describe('the CSV', () => {
  it('writes labels beside codes, ISO times, and defuses formulas in what staff typed', () => {
    expect(auditCsvPreamble()).toBe(`\uFEFF${AUDIT_CSV_HEADER.join(',')}\r\n`);
    const line = auditCsvLine({
      createdAt: new Date('2026-05-01T10:11:12.345Z'),
      actorEmail: 'ada@agency.test',
      actorRole: 'admin',
      action: 'card.lock',
      targetType: 'card',
      targetId: '42',
      subjectUser: '=HYPERLINK("x")',
      outcome: 'failure',
      resultCode: 4009,
      summary: '@SUM(A1), then "quoted"',
      note: 'Caller says: stolen; =1+1 at the station',
    });
    expect(line).toBe(
      '2026-05-01T10:11:12.345Z,ada@agency.test,admin,Locked card,card.lock,card,42,"\'=HYPERLINK(""x"")",failure,4009,"\'@SUM(A1), then ""quoted""","Caller says: stolen; \'=1+1 at the station"\r\n',
    );
    expect(AUDIT_CSV_HEADER.at(-1)).toBe('Note');
  });
});
