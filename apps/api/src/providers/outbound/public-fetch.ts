import { promises as dns, lookup as dnsLookup, type LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * Outbound requests to addresses an organisation configures (single sign-on issuers, and next webhook
 * endpoints, HR and MDM servers) must not reach the installation's own network: loopback, private,
 * link-local (cloud metadata at 169.254.169.254), carrier-grade NAT and the like. Otherwise anyone who
 * can set such an address makes the server fetch from inside (server-side request forgery).
 *
 * Two checks: `assertPublicUrl` when the address is saved (a clear 400 at the field), and
 * `publicOnlyFetch` at every request, which refuses to connect when the name resolves to such an address
 * at that moment (so a DNS answer that changes after the first check does not get through).
 */

/** ipaddr.js ranges that are reachable from the public internet. */
const PUBLIC_RANGES = new Set(['unicast']);

export class NonPublicAddressError extends Error {}

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return PUBLIC_RANGES.has(parsed.range());
}

export interface OutboundPolicy {
  /** Tests and local development: allow http and private or loopback addresses. */
  allowPrivate: boolean;
}

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
  if (policy.allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
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
  const host = url.hostname.replace(/^\[|\]$/g, '');
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
  if (!policy.allowPrivate) return publicOnlyFetch;
  return async (input, init) => {
    const { fetch: undiciFetch } = await undici();
    return (await undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      redirect: 'manual',
    })) as unknown as Response;
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
