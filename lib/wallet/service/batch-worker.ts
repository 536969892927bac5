// The poll of a job claimed in the database a batch at a time (hold expiry, docs/card-spending.md
// "Rules"; dispute expiry, docs/disputes.md "Statuses"): every `pollMs`, in every instance, batches
// until one comes back short of a whole one. Each batch claims its rows itself (FOR UPDATE SKIP
// LOCKED in its own transaction), so this module owns only the timing: one run at a time per
// instance, a failure logged and tried again at the next poll, a stop that waits for the run.
import type { Logger } from './http/logger';

export type BatchWorker = {
  start(): void;
  stop(): Promise<void>;
  /** Runs what is due now, once, and answers how many rows it took (tests). */
  drain(): Promise<number>;
};

export function createBatchWorker(options: {
  logger: Logger;
  pollMs?: number;
  /** How many rows a whole batch takes: a shorter one means nothing more is due. */
  batchSize: number;
  /** One batch, claimed and done in its own transaction; how many rows it took. */
  runBatch: () => Promise<number>;
  /** The warning logged when a run fails. */
  failedMessage: string;
  /** The info line of a run that took rows: the field its count is logged under, and the message. */
  done: { field: string; message: string };
}): BatchWorker {
  const pollMs = options.pollMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const taken = await options.runBatch();
      total += taken;
      if (taken < options.batchSize || stopped) return total;
    }
  }

  function tick(): Promise<number> {
    running ??= runOnce()
      .catch((error: unknown) => {
        options.logger.warn(
          { errorName: (error as Error)?.name, message: (error as Error)?.message },
          options.failedMessage,
        );
        return 0;
      })
      .then((n) => {
        if (n > 0) options.logger.info({ [options.done.field]: n }, options.done.message);
        return n;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      void tick().finally(schedule);
    }, pollMs);
    timer.unref();
  }

  return {
    start() {
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    async drain() {
      await running;
      return tick();
    },
  };
}
