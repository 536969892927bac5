import { describe, expect, it } from 'vitest';
import { isPublicAddress, literalHostProblem, webhookUrlProblem } from './webhook-target';

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false], // cloud metadata
    ['100.100.100.200', false], // carrier-grade NAT, also a metadata address
    ['0.0.0.0', false],
    ['255.255.255.255', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd00:ec2::254', false], // unique local, a metadata address
    ['::ffff:10.0.0.1', false], // IPv4-mapped private
    ['::ffff:127.0.0.1', false],
    // IPv4-compatible (::/96) and IPv4-mapped (::ffff:0:0/96) are refused whole, whatever the
    // IPv4 address inside: a URL writes [::127.0.0.1] as [::7f00:1].
    ['::127.0.0.1', false],
    ['::7f00:1', false],
    ['::10.0.0.1', false],
    ['::a00:1', false],
    ['::a9fe:a9fe', false], // 169.254.169.254, the metadata address
    ['::808:808', false],
    ['::ffff:808:808', false],
    ['64:ff9b::a00:1', false], // NAT64 of 10.0.0.1
    ['93.184.215.14', true],
    ['8.8.8.8', true],
    ['::ffff:8.8.8.8', false],
    ['2606:4700:4700::1111', true],
    ['not-an-ip', false],
  ])('%s: %s', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });
});

describe('webhookUrlProblem', () => {
  const resolveTo =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  const strict = { allowPrivate: false };

  it('wants https unless private addresses are allowed, which also allows http', async () => {
    expect(
      await webhookUrlProblem('http://hooks.example.com/x', { ...strict, resolveAll: resolveTo('8.8.8.8') }),
    ).toBe('must be an https:// URL');
    expect(await webhookUrlProblem('http://127.0.0.1:9/x', { allowPrivate: true })).toBeUndefined();
  });

  it('refuses literal and resolved private addresses, every answer counted', async () => {
    const refused = 'must not point at a loopback, private, link-local or metadata address';
    expect(await webhookUrlProblem('https://127.0.0.1/x', strict)).toBe(refused);
    expect(await webhookUrlProblem('https://[::1]/x', strict)).toBe(refused);
    expect(await webhookUrlProblem('https://169.254.169.254/latest/meta-data', strict)).toBe(refused);
    for (const host of ['[::127.0.0.1]:3802', '[::7f00:1]', '[::10.0.0.1]', '[::a9fe:a9fe]']) {
      expect(await webhookUrlProblem(`https://${host}/x`, strict), host).toBe(refused);
    }
    expect(
      await webhookUrlProblem('https://hooks.example.com/x', {
        ...strict,
        resolveAll: resolveTo('8.8.8.8', '10.0.0.5'),
      }),
    ).toBe(refused);
    expect(
      await webhookUrlProblem('https://hooks.example.com/x', {
        ...strict,
        resolveAll: resolveTo('8.8.8.8', '2606:4700::1'),
      }),
    ).toBeUndefined();
  });

  it('refuses a name that does not resolve', async () => {
    const fails = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await webhookUrlProblem('https://nowhere.invalid/x', { ...strict, resolveAll: fails })).toBe(
      'must have a host name that resolves (nowhere.invalid does not)',
    );
  });
});

describe('literalHostProblem (at connection time)', () => {
  it('refuses IPv4-compatible and IPv4-mapped literals, whatever the IPv4 inside', () => {
    for (const host of ['[::127.0.0.1]:3802', '[::a9fe:a9fe]', '[::ffff:8.8.8.8]', '[::808:808]']) {
      expect(literalHostProblem(new URL(`https://${host}/x`), false), host).toMatch(/^refused: /);
    }
    expect(literalHostProblem(new URL('https://[2606:4700:4700::1111]/x'), false)).toBeUndefined();
    expect(literalHostProblem(new URL('https://[::7f00:1]/x'), true)).toBeUndefined();
  });
});
