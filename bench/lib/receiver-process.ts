// The bench's webhook receiver in a process of its own (bench/webhook-receiver.ts), as an agency's
// endpoint is: in the load generator's process, every delivery it answered was time taken from
// the load it generated, so issuance with an endpoint was slowed by the harness, not by the
// service. It answers 204 and keeps connections alive 5 s (Node's default); what arrived is asked
// for once the windows are over.
import { fork } from 'node:child_process';
import path from 'node:path';

export type Arrival = { eventId: string; arrivedAt: number; createdAt: string };

export type ReceiverProcess = {
  url: string;
  /** Every delivery that arrived so far. */
  arrivals(): Promise<Arrival[]>;
  close(): Promise<void>;
};

type Message = { url: string } | { arrivals: Arrival[] };

export async function startReceiverProcess(): Promise<ReceiverProcess> {
  const child = fork(path.join(import.meta.dirname, '..', 'webhook-receiver.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <K extends 'url' | 'arrivals'>(key: K) =>
    new Promise<Extract<Message, Record<K, unknown>>>((resolve, reject) => {
      const onMessage = (message: Message) => {
        if (key in message) {
          child.off('message', onMessage);
          child.off('exit', onExit);
          resolve(message as Extract<Message, Record<K, unknown>>);
        }
      };
      const onExit = (code: number | null) => reject(new Error(`the webhook receiver exited (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const { url } = await next('url');
  return {
    url,
    async arrivals() {
      const answer = next('arrivals');
      child.send('arrivals');
      return (await answer).arrivals;
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
