import { describe, expect, it } from 'vitest';
import { isoTimeOncePerSecond } from './logger';

describe('isoTimeOncePerSecond', () => {
  it("writes pino's isoTime text exactly, within a second, across seconds and for 0-999 ms", () => {
    let clock = 0;
    const time = isoTimeOncePerSecond(() => clock);
    const start = Date.UTC(2026, 10, 28, 23, 59, 58, 995);
    const offsets = [0, 1, 4, 5, 6, 14, 104, 105, 999, 1000, 1004, 1005, 1099, 1100, 86_400_000];
    for (const offset of offsets) {
      clock = start + offset;
      expect(time()).toBe(`,"time":"${new Date(clock).toISOString()}"`);
    }
    clock = start;
    expect(time()).toBe(',"time":"2026-11-28T23:59:58.995Z"');
  });

  it('follows the clock back as well as forward', () => {
    let clock = Date.UTC(2026, 0, 1, 0, 0, 1, 7);
    const time = isoTimeOncePerSecond(() => clock);
    expect(time()).toBe(',"time":"2026-01-01T00:00:01.007Z"');
    clock -= 1_000;
    expect(time()).toBe(',"time":"2026-01-01T00:00:00.007Z"');
  });
});
