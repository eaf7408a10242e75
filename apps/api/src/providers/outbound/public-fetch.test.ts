import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isPublicAddress,
  NonPublicAddressError,
  outboundFetch,
  publicOnlyFetch,
  publicUrlProblem,
} from './public-fetch.ts';

/**
 * Addresses that lead into the installation's own network, in every IPv6 form that embeds an IPv4
 * address (issue 24: `[::127.0.0.1]`, stored as `[::7f00:1]`, passed).
 */
const NON_PUBLIC_ADDRESSES = {
  'IPv4 loopback': '127.0.0.1',
  'IPv4 private': '10.1.2.3',
  'IPv4 link-local (cloud metadata)': '169.254.169.254',
  'IPv4 carrier-grade NAT': '100.64.0.1',
  'IPv4 this network': '0.0.0.0',
  'IPv4 documentation': '192.0.2.1',
  'IPv6 loopback': '::1',
  'IPv6 unspecified': '::',
  'IPv6 link-local': 'fe80::1',
  'IPv6 unique local': 'fd00::1',
  'IPv6 multicast': 'ff02::1',
  'IPv6 documentation': '2001:db8::1',
  'IPv6 outside global unicast': '4000::1',
  'IPv4-compatible loopback ::127.0.0.1': '::7f00:1',
  'IPv4-compatible private': '::a01:203',
  'IPv4-compatible metadata': '::a9fe:a9fe',
  'IPv4-mapped loopback': '::ffff:127.0.0.1',
  'IPv4-mapped metadata': '::ffff:a9fe:a9fe',
  'IPv4-translated loopback ::ffff:0:127.0.0.1': '::ffff:0:7f00:1',
  'IPv4-translated private': '::ffff:0:a01:203',
  'NAT64 loopback': '64:ff9b::7f00:1',
  'NAT64 metadata': '64:ff9b::a9fe:a9fe',
  'NAT64 local use (any IPv4)': '64:ff9b:1::808:808',
  '6to4 loopback': '2002:7f00:1::1',
  '6to4 private': '2002:a01:203::1',
  'Teredo, private server': '2001:0:a01:203::f7f7:f7f7',
  'Teredo, loopback client (inverted)': '2001:0:808:808::80ff:fffe',
} as const;

/** Public addresses, also in the embedding forms when the IPv4 they carry is public. */
const PUBLIC_ADDRESSES = {
  'IPv4 public': '8.8.8.8',
  'IPv6 global unicast': '2606:4700:4700::1111',
  'IPv4-mapped public': '::ffff:8.8.8.8',
  'NAT64 public (DNS64 answers these for IPv4-only names)': '64:ff9b::808:808',
  '6to4 public': '2002:808:808::1',
  'Teredo, both public': '2001:0:808:808::f7f7:f7f7',
} as const;

/** The address as a URL's host. */
const literal = (address: string) => (address.includes(':') ? `[${address}]` : address);

describe('isPublicAddress: the one classifier of addresses configured by an organisation', () => {
  it.each(Object.entries(NON_PUBLIC_ADDRESSES))('refuses %s (%s)', (_name, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(Object.entries(PUBLIC_ADDRESSES))('accepts %s (%s)', (_name, address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses what is not an address', () => {
    expect(isPublicAddress('localhost')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
  });
});

describe('publicUrlProblem (when an address is saved)', () => {
  const strict = { allowPrivate: false };

  it.each(Object.entries(NON_PUBLIC_ADDRESSES))('refuses a URL at %s', async (_name, address) => {
    expect(await publicUrlProblem(`https://${literal(address)}/hook`, strict)).toMatch(
      /is a private, loopback or link-local address$/,
    );
  });

  it('refuses the IPv4-compatible literal as the probe wrote it, and other spellings of loopback', async () => {
    for (const url of [
      'https://[::127.0.0.1]/',
      'https://[::ffff:0:127.0.0.1]/',
      'https://[64:ff9b::127.0.0.1]/',
      'https://[0:0:0:0:0:0:127.0.0.1]:8443/',
      'https://2130706433/',
      'https://0x7f.1/',
    ])
      expect(await publicUrlProblem(url, strict), url).toMatch(/private, loopback or link-local/);
  });

  it('refuses port 0 and ports out of range, also where private addresses are allowed', async () => {
    for (const policy of [strict, { allowPrivate: true }]) {
      expect(await publicUrlProblem('https://8.8.8.8:0/', policy)).toBe('Must not use port 0');
      expect(await publicUrlProblem('https://8.8.8.8:00/', policy)).toBe('Must not use port 0');
      expect(await publicUrlProblem('https://8.8.8.8:65536/', policy)).toBe('Must be a URL');
      expect(await publicUrlProblem('https://8.8.8.8:-1/', policy)).toBe('Must be a URL');
    }
  });

  it('accepts public literals (no name to resolve)', async () => {
    for (const address of Object.values(PUBLIC_ADDRESSES)) {
      expect(await publicUrlProblem(`https://${literal(address)}:8443/hook`, strict), address).toBeNull();
    }
  });
});

describe('publicOnlyFetch (when connecting): refuses before any connection', () => {
  let server: Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits++;
      res.end('inside');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** What the fetch threw (a short timeout: an old check let these try to connect). */
  const refusal = (url: string) =>
    publicOnlyFetch(url, { signal: AbortSignal.timeout(2000) }).then(
      () => null,
      (error: unknown) => error,
    );

  it.each(Object.entries(NON_PUBLIC_ADDRESSES))('at %s', async (_name, address) => {
    const url = new URL(`http://${literal(address)}:${port}/`);
    const error = await refusal(url.href);
    expect(error).toBeInstanceOf(NonPublicAddressError);
    expect((error as Error).message).toBe(`${url.hostname.replace(/^\[|\]$/g, '')} is not a public address`);
  });

  it('at port 0', async () => {
    const error = await refusal('https://8.8.8.8:0/');
    expect(error).toBeInstanceOf(NonPublicAddressError);
    expect((error as Error).message).toBe('Must not use port 0');
  });

  it('and nothing reached the loopback server; the permissive fetch of tests does reach it', async () => {
    expect(hits).toBe(0);
    const inside = await outboundFetch({ allowPrivate: true })(`http://[::ffff:127.0.0.1]:${port}/`);
    expect(await inside.text()).toBe('inside');
    expect(hits).toBe(1);
  });
});
