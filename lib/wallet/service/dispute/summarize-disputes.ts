// dispute/summary (docs/disputes.md "dispute/summary"): the app's OPEN and SUBMITTED disputes
// counted exactly, the OPEN ones due within dueWithinDays of the service's clock (those past
// their dueBy that the expiry worker has not reached yet too: they still wait on staff), and the
// DISPUTE_SOONEST_SHOWN OPEN ones due soonest. Each is a range of disputes_app_status_due_idx (migration
// 0033), so the back-office's badge, dashboard and /disputes cost the same at any number of
// disputes: never a walk of dispute/list.
import type { DatabaseHandle } from '@/lib/db/open';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { DISPUTE_SOONEST_SHOWN, disputeSummary } from '@/lib/wallet/contract/operations/dispute-summary';
import type { DisputeSummary } from '@/lib/wallet/contract/schemas';
import { bindHandler } from '../bind-handler';
import { serviceNow } from '../clock';
import type { AuthenticatedApp, Executor } from '../context';
import { spendRows } from '../spending/spend-statements';
import { normalizeDisputeRow, toDispute } from './dispute-records';
import { DISPUTE_SUMMARY_COUNTS, DISPUTE_SUMMARY_SOONEST } from './dispute-statements';

const DAY_MS = 86_400_000;

type CountsRow = { open: string | number; submitted: string | number; due_soon: string | number };

export async function summarizeDisputes(options: {
  db: Executor;
  engine?: DatabaseHandle;
  app: AuthenticatedApp;
  params: OperationParams<'disputeSummary'>;
  now?: Date;
}): Promise<DisputeSummary> {
  const { db, engine, app, params } = options;
  const now = options.now ?? new Date(serviceNow());
  const dueBefore = new Date(now.getTime() + params.dueWithinDays * DAY_MS);
  const [counts] = await spendRows<CountsRow>(db, engine, DISPUTE_SUMMARY_COUNTS, [
    app.id,
    dueBefore.toISOString(),
  ]);
  const soonest = await spendRows<Record<string, unknown>>(db, engine, DISPUTE_SUMMARY_SOONEST, [
    app.id,
    DISPUTE_SOONEST_SHOWN,
  ]);
  return {
    open: Number(counts?.open ?? 0),
    submitted: Number(counts?.submitted ?? 0),
    dueSoon: Number(counts?.due_soon ?? 0),
    dueWithinDays: params.dueWithinDays,
    soonest: soonest.map((row) => toDispute(normalizeDisputeRow(row))),
  };
}

/** disputeSummary's handler (lib/wallet/contract/operations/dispute-summary.ts). */
export const disputeSummaryHandler = bindHandler(disputeSummary, summarizeDisputes);
