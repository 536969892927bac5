// The agency's side of the fault run: one HTTP server on 127.0.0.1 that is both its webhook
// receiver (/hooks: records each event id delivered, answers 204) and its decision endpoint
// (/decide: approves every purchase). down() takes it away (the port refuses), up() brings it back
// on the same port, as a receiver that was down for a day comes back at its address.
import { createServer, type Server } from 'node:http';
import { WEBHOOK_HEADERS } from '@/lib/wallet/contract/webhook-signature';
import { freePort } from './instances';

export type AgencyEndpoints = {
  hooksUrl: string;
  decideUrl: string;
  /** Every event id delivered, with how many times. */
  delivered: Map<string, number>;
  /** Decision requests answered. */
  decisions: number;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
};

export async function startAgencyEndpoints(): Promise<AgencyEndpoints> {
  const port = await freePort();
  let server: Server | undefined;
  const endpoints: AgencyEndpoints = {
    hooksUrl: `http://127.0.0.1:${port}/hooks`,
    decideUrl: `http://127.0.0.1:${port}/decide`,
    delivered: new Map(),
    decisions: 0,
    async up() {
      if (server) return;
      const s = createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          if (req.url === '/hooks') {
            const id = String(req.headers[WEBHOOK_HEADERS.eventId.toLowerCase()] ?? '');
            endpoints.delivered.set(id, (endpoints.delivered.get(id) ?? 0) + 1);
            res.writeHead(204).end();
          } else if (req.url === '/decide') {
            endpoints.decisions++;
            res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"approved":true}');
          } else res.writeHead(404).end();
        });
      });
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(port, '127.0.0.1', () => resolve());
      });
      server = s;
    },
    async down() {
      const s = server;
      server = undefined;
      if (!s) return;
      await new Promise<void>((resolve) => {
        s.close(() => resolve());
        s.closeAllConnections();
      });
    },
    close: () => endpoints.down(),
  };
  await endpoints.up();
  return endpoints;
}
