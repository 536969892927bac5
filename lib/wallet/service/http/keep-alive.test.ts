import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { KEEP_ALIVE_TIMEOUT_MS, keepConnectionsAlive } from './keep-alive';

describe('keepConnectionsAlive', () => {
  it('keeps idle connections past a proxy’s 60 s, with the headers timeout above it', () => {
    const server = keepConnectionsAlive(createServer());
    expect(server.keepAliveTimeout).toBe(65_000);
    expect(server.headersTimeout).toBe(66_000);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
  });
});
