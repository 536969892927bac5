import { describe, expect, it } from 'vitest';
import { AGENT_SHOWN, detailViewsOf, readableUserAgent } from './detail-views';

const AGENTS = {
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0',
  headlessLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
};

describe('a user agent in words', () => {
  it('names the browser and the system of the common agents', () => {
    expect(readableUserAgent(AGENTS.androidChrome)).toBe('Chrome on Android');
    expect(readableUserAgent(AGENTS.iphoneSafari)).toBe('Safari on iPhone');
    expect(readableUserAgent(AGENTS.iphoneChrome)).toBe('Chrome on iPhone');
    expect(readableUserAgent(AGENTS.windowsEdge)).toBe('Edge on Windows');
    expect(readableUserAgent(AGENTS.macFirefox)).toBe('Firefox on macOS');
    expect(readableUserAgent(AGENTS.headlessLinux)).toBe('Chrome on Linux');
    expect(readableUserAgent('curl/8.5.0')).toBe('curl');
  });

  it('shows an agent it cannot read as sent, shortened; none as an unknown device', () => {
    expect(readableUserAgent('okhttp/4.12.0')).toBe('okhttp/4.12.0');
    const long = `AgencyApp/${'9'.repeat(100)}`;
    expect(readableUserAgent(long)).toBe(`${long.slice(0, AGENT_SHOWN - 1)}…`);
    expect(readableUserAgent(null)).toBe('Unknown device');
  });
});

describe("a card's detail views", () => {
  it('lists each open newest first, with its address (an IPv4-mapped one as IPv4) and device; a missing one read as unknown', () => {
    const views = detailViewsOf([
      {
        createdAt: '2026-11-28T10:00:00.100Z',
        data: {
          viewedAt: '2026-11-28T10:00:00.000Z',
          ip: '::ffff:203.0.113.7',
          userAgent: AGENTS.iphoneSafari,
        },
      },
      {
        createdAt: '2026-11-28T11:30:00.100Z',
        data: { viewedAt: '2026-11-28T11:30:00.000Z', ip: '198.51.100.2', userAgent: AGENTS.androidChrome },
      },
      { createdAt: '2026-11-27T09:00:00.000Z', data: { ip: '', userAgent: null } },
      { createdAt: '2026-11-26T09:00:00.000Z', data: { ip: '2001:db8::1', userAgent: 'curl/8.5.0' } },
    ]);
    expect(views).toEqual([
      { viewedAt: '2026-11-28T11:30:00.000Z', ip: '198.51.100.2', device: 'Chrome on Android' },
      { viewedAt: '2026-11-28T10:00:00.000Z', ip: '203.0.113.7', device: 'Safari on iPhone' },
      { viewedAt: '2026-11-27T09:00:00.000Z', ip: null, device: 'Unknown device' },
      { viewedAt: '2026-11-26T09:00:00.000Z', ip: '2001:db8::1', device: 'curl' },
    ]);
  });
});
