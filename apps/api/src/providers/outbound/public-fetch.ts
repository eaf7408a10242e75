import { promises as dns, lookup as dnsLookup, type LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { EQUIP_VERSION } from '../../paths.ts';

/**
 * Outbound requests to addresses an organisation configures (single sign-on issuers, webhook endpoints,
 * MDM servers; next HR and workspace servers) must not reach the installation's own network: loopback,
 * private, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT and the like. Otherwise
 * anyone who can set such an address makes the server fetch from inside (server-side request forgery).
 *
 * Two checks, both on `isPublicAddress`: `publicUrlProblem` when the address is saved (a clear 400 at
 * the field), and `publicOnlyFetch` at every request, which refuses to connect when the name resolves
 * to such an address at that moment (so a DNS answer that changes after the first check does not get
 * through).
 */

export class NonPublicAddressError extends Error {}

const cidr = (range: string) => ipaddr.parseCIDR(range) as [ipaddr.IPv6, number];
/** The only IPv6 addresses the internet routes: global unicast (RFC 4291 §2.4). */
const GLOBAL_UNICAST = cidr('2000::/3');
/** IPv6 forms that carry an IPv4 address in their last 32 bits. */
const LAST_32_BITS_IPV4 = [
  cidr('::/96'), // IPv4-compatible, ::a.b.c.d (RFC 4291 §2.5.5.1); also :: and ::1
  cidr('::ffff:0:0/96'), // IPv4-mapped, ::ffff:a.b.c.d (RFC 4291 §2.5.5.2)
  cidr('::ffff:0:0:0/96'), // IPv4-translated, ::ffff:0:a.b.c.d (RFC 6145)
  cidr('64:ff9b::/96'), // NAT64's well-known prefix (RFC 6052)
];
/** NAT64 for local use (RFC 8215): the operator picks the prefix length, so where the IPv4 sits. */
const NAT64_LOCAL_USE = cidr('64:ff9b:1::/48');
/** 6to4: 2002:AABB:CCDD::/48 carries a.b.c.d (RFC 3056). */
const SIX_TO_FOUR = cidr('2002::/16');
/** Teredo: the server's IPv4 in bits 32–63, the client's inverted in the last 32 (RFC 4380). */
const TEREDO = cidr('2001::/32');

/** The IPv4 addresses an IPv6 address leads to, or null when it embeds none. */
function embeddedIPv4s(address: ipaddr.IPv6): ipaddr.IPv4[] | null {
  // The IPv4 address in the 16-bit parts i and i + 1, inverted by `mask` (Teredo's client).
  const at = (i: number, mask = 0) => {
    const [high, low] = [address.parts[i]! ^ mask, address.parts[i + 1]! ^ mask];
    return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  };
  if (LAST_32_BITS_IPV4.some((range) => address.match(range))) return [at(6)];
  if (address.match(SIX_TO_FOUR)) return [at(1)];
  if (address.match(TEREDO)) return [at(2), at(6, 0xffff)];
  return null;
}

/**
 * The one classifier of addresses Equip may connect to for an organisation: IPv4 in public unicast
 * ranges (not loopback, private, link-local, carrier-grade NAT, reserved, multicast…); IPv6 in global
 * unicast, outside its special ranges. An IPv6 form that embeds an IPv4 address (mapped, compatible,
 * translated, NAT64, 6to4, Teredo) is as public as the IPv4 it leads to: `[::127.0.0.1]`, stored
 * as `[::7f00:1]`, is loopback (issue 24).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  if (v6.match(NAT64_LOCAL_USE)) return false;
  const embedded = embeddedIPv4s(v6);
  if (embedded) return embedded.every((v4) => v4.range() === 'unicast');
  return v6.match(GLOBAL_UNICAST) && v6.range() === 'unicast';
}

export interface OutboundPolicy {
  /** Tests and local development: allow http and private or loopback addresses. */
  allowPrivate: boolean;
  /**
   * Sent as `user-agent` when the request names none (`equipUserAgent`): the other side's logs and rate
   * limits see Equip, not undici's `node`.
   */
  userAgent?: string;
}

export { EQUIP_VERSION };

/** How Equip names itself to a server it calls for a purpose: `Equip/<version> (+mdm)`. */
export const equipUserAgent = (purpose: string): string => `Equip/${EQUIP_VERSION} (+${purpose})`;

/** The host of a URL without an IPv6 literal's brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Ports over 65535 do not parse; 0 does, and means "any port" to a socket. */
const PORT_ZERO = 'Must not use port 0';

/** Why a configured URL may not be used, or null when it may. */
export async function publicUrlProblem(raw: string, policy: OutboundPolicy): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Must be a URL';
  }
  if (url.protocol !== 'https:' && !(policy.allowPrivate && url.protocol === 'http:'))
    return 'Must be an https:// address';
  if (url.username || url.password) return 'Must not contain a user name or password';
  if (url.port === '0') return PORT_ZERO;
  if (policy.allowPrivate) return null;
  const host = hostOf(url);
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : (await dns.lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return `${host} cannot be resolved`;
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress))
    return `${host} is a private, loopback or link-local address`;
  return null;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A DNS lookup that fails for names resolving to non-public addresses. */
function publicOnlyLookup(hostname: string, options: object, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as LookupAddress[];
    if (list.length === 0 || !list.every((a) => isPublicAddress(a.address)))
      return callback(new NonPublicAddressError(`${hostname} resolves to a non-public address`), []);
    const wantsAll = (options as { all?: boolean }).all === true;
    if (wantsAll) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
}

/**
 * undici, loaded with the first outbound call (SSO, webhooks, MDM servers): importing it costs about
 * 70 ms of every start-up otherwise. The agent that checks addresses is made once.
 */
let undiciLoad:
  | Promise<{ fetch: typeof import('undici').fetch; publicOnlyAgent: import('undici').Agent }>
  | undefined;
function undici() {
  undiciLoad ??= import('undici').then(({ Agent, fetch }) => ({
    fetch,
    publicOnlyAgent: new Agent({ connect: { lookup: publicOnlyLookup } }),
  }));
  return undiciLoad;
}

/**
 * `fetch` that connects only to public addresses and never follows redirects. Names are checked when
 * the connection resolves them; address literals (which skip the resolver) here.
 */
export const publicOnlyFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.port === '0') throw new NonPublicAddressError(PORT_ZERO);
  const host = hostOf(url);
  if (ipaddr.isValid(host) && !isPublicAddress(host))
    throw new NonPublicAddressError(`${host} is not a public address`);
  const { fetch: undiciFetch, publicOnlyAgent } = await undici();
  return (await undiciFetch(input as Parameters<typeof undiciFetch>[0], {
    ...(init as Parameters<typeof undiciFetch>[1]),
    dispatcher: publicOnlyAgent,
    redirect: 'manual',
  })) as unknown as Response;
};

/**
 * The fetch for addresses an organisation configures, under a policy: `publicOnlyFetch`, or with
 * `allowPrivate` (tests, local development) any address. Neither follows redirects: a 3xx is the
 * answer.
 */
export function outboundFetch(policy: OutboundPolicy): typeof fetch {
  if (!policy.allowPrivate) return withUserAgent(publicOnlyFetch, policy.userAgent);
  return withUserAgent(async (input, init) => {
    const { fetch: undiciFetch } = await undici();
    return (await undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      redirect: 'manual',
    })) as unknown as Response;
  }, policy.userAgent);
}

/** The fetch with `user-agent` set where the request names none. */
function withUserAgent(fetcher: typeof fetch, userAgent: string | undefined): typeof fetch {
  if (!userAgent) return fetcher;
  return (input, init) => {
    const headers = new Headers(init?.headers);
    if (!headers.has('user-agent')) headers.set('user-agent', userAgent);
    return fetcher(input, { ...init, headers });
  };
}

/**
 * At most `maxBytes` of an answer's body, as text; the rest is not read (the stream is cancelled), so
 * a receiver cannot make the server read or keep an endless body.
 */
export async function readCappedText(
  response: Response,
  maxBytes: number,
): Promise<{ text: string; truncated: boolean }> {
  if (!response.body) return { text: '', truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  try {
    while (size <= maxBytes) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        break;
      }
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const bytes = Buffer.concat(chunks).subarray(0, maxBytes);
  // A character cut at the cap decodes to U+FFFD.
  return { text: new TextDecoder().decode(bytes), truncated: !ended && size > maxBytes };
}
