// askAgency against a real decision endpoint on 127.0.0.1 that closes kept-alive sockets
// (docs/card-spending.md "How it is built"): a socket the endpoint closed while it sat idle
// in the pool is asked again once on a new connection, so the agency's answer decides, not a
// spurious ECONNRESET; a failure on a new connection, or after a byte of the answer, is not retried.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { askAgency, readDecision } from './ask-agency';

type Behaviour = 'answer' | 'reset' | 'half-answer-then-reset';

/**
 * A bare HTTP/1.1 endpoint: every request is decided by `behaviour(n, total)`, n its number on
 * its socket (1 for the first), total its number of all: answer `{"approved":true}` keeping the socket alive, reset the
 * socket without reading (an endpoint whose idle timeout closed it just as the request came), or
 * write the start of an answer and then reset.
 */
async function startEndpoint(behaviour: (requestOnSocket: number, total: number) => Behaviour) {
  const sockets: Socket[] = [];
  let requests = 0;
  const server: Server = createServer((socket) => {
    sockets.push(socket);
    let onSocket = 0;
    let buffered = '';
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      // Each request is a head and a body of Content-Length bytes.
      for (;;) {
        const headEnd = buffered.indexOf('\r\n\r\n');
        if (headEnd < 0) return;
        const length = Number(/content-length:\s*(\d+)/i.exec(buffered.slice(0, headEnd))?.[1] ?? 0);
        if (buffered.length < headEnd + 4 + length) return;
        buffered = buffered.slice(headEnd + 4 + length);
        onSocket += 1;
        requests += 1;
        const what = behaviour(onSocket, requests);
        if (what === 'reset') return void socket.resetAndDestroy();
        if (what === 'half-answer-then-reset') {
          socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n');
          return void setTimeout(() => socket.resetAndDestroy(), 20);
        }
        const body = '{"approved":true}';
        socket.write(
          `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n` +
            `Connection: keep-alive\r\nKeep-Alive: timeout=60\r\n\r\n${body}`,
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/decide`;
  return {
    url,
    connections: () => sockets.length,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const ask = async (url: string, timeoutMs = 1_500) =>
  (
    await askAgency({
      url,
      secret: 'decision-secret',
      body: '{"authorizationId":1}',
      timeoutMs,
      allowPrivate: true,
    })
  ).kind;

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('askAgency and kept-alive sockets', () => {
  it('a kept-alive socket the endpoint closed is asked again on a new connection: approved', async () => {
    const endpoint = await startEndpoint((n) => (n === 1 ? 'answer' : 'reset'));
    close = endpoint.close;
    expect(await ask(endpoint.url)).toBe('APPROVED');
    // The second question goes out on the kept-alive socket, which the endpoint resets unread.
    expect(await ask(endpoint.url)).toBe('APPROVED');
    expect(endpoint.requests()).toBe(3);
    expect(endpoint.connections()).toBe(2);
  });

  it('a new connection reset before any answer is not retried: unavailable', async () => {
    const endpoint = await startEndpoint(() => 'reset');
    close = endpoint.close;
    expect(await ask(endpoint.url)).toBe('UNAVAILABLE');
    expect(endpoint.requests()).toBe(1);
    expect(endpoint.connections()).toBe(1);
  });

  it('a reset after a byte of the answer is not retried, even on a kept-alive socket: unavailable', async () => {
    const endpoint = await startEndpoint((n) => (n === 1 ? 'answer' : 'half-answer-then-reset'));
    close = endpoint.close;
    expect(await ask(endpoint.url)).toBe('APPROVED');
    expect(await ask(endpoint.url)).toBe('UNAVAILABLE');
    expect(endpoint.requests()).toBe(2);
    expect(endpoint.connections()).toBe(1);
  });

  it('the retry is asked once only: when the new connection is reset too, unavailable', async () => {
    const endpoint = await startEndpoint((_, total) => (total === 1 ? 'answer' : 'reset'));
    close = endpoint.close;
    expect(await ask(endpoint.url)).toBe('APPROVED');
    expect(await ask(endpoint.url)).toBe('UNAVAILABLE');
    expect(endpoint.requests()).toBe(3);
    expect(endpoint.connections()).toBe(2);
  });
});

describe('readDecision: what a 2xx body decides', () => {
  it.each([
    ['{"approved": true}', { kind: 'APPROVED' }],
    ['{"approved": true, "reason": "ignored"}', { kind: 'APPROVED' }],
    ['{"approved": false}', { kind: 'DECLINED', reason: null }],
    [
      '{"approved": false, "reason": "  Over the trip budget "}',
      { kind: 'DECLINED', reason: 'Over the trip budget' },
    ],
    ['{"approved": false, "reason": ""}', { kind: 'DECLINED', reason: null }],
    ['{"approved": false, "reason": 42}', { kind: 'DECLINED', reason: null }],
    ['{"approved": "true"}', { kind: 'UNAVAILABLE' }],
    ['{"approved": null}', { kind: 'UNAVAILABLE' }],
    ['{}', { kind: 'UNAVAILABLE' }],
    ['[true]', { kind: 'UNAVAILABLE' }],
    ['true', { kind: 'UNAVAILABLE' }],
    ['', { kind: 'UNAVAILABLE' }],
    ['<html>OK</html>', { kind: 'UNAVAILABLE' }],
  ])('%s → %j', (body, decision) => {
    expect(readDecision(body)).toEqual(decision);
  });

  it('keeps the first 200 characters of a longer reason, counting characters, not UTF-16 units', () => {
    const reason = '€'.repeat(150) + '😀'.repeat(100);
    const kept = readDecision(JSON.stringify({ approved: false, reason }));
    expect(kept).toEqual({ kind: 'DECLINED', reason: '€'.repeat(150) + '😀'.repeat(50) });
  });
});
