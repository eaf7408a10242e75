import { z } from 'zod';
import { IsoDateTime } from './common.ts';
import { MdmProvider } from './devices.ts';

/**
 * An organisation's connections to its MDM servers (issue 11, decision 015): the server's address and
 * an API token, tested before they are saved and stored sealed. The API never answers the token, only
 * its last characters.
 */

/** The services' product names (the same in every language). */
export const MDM_PROVIDER_NAMES: Record<MdmProvider, string> = {
  FLEET: 'Fleet',
  JAMF: 'Jamf',
  MANAGE_ENGINE: 'ManageEngine',
};

/** A provider's name from a stored value (an event's or notification's `provider`); other values as they are. */
export function mdmProviderName(value: string): string {
  const parsed = MdmProvider.safeParse(value);
  return parsed.success ? MDM_PROVIDER_NAMES[parsed.data] : value;
}

/** The providers Equip has a real client for; the others run in the sandbox only (decision 012). */
export const CONNECTABLE_MDM_PROVIDERS: readonly MdmProvider[] = ['FLEET', 'JAMF', 'MANAGE_ENGINE'];
export const isConnectableMdmProvider = (provider: MdmProvider): boolean =>
  CONNECTABLE_MDM_PROVIDERS.includes(provider);

/** The answer for a provider without a client (the adapters' NoMdmAdapter says the same). */
export const noMdmClientMessage = (provider: MdmProvider) =>
  `Equip has no client for ${MDM_PROVIDER_NAMES[provider]} servers yet`;

export const MDM_CONNECTION_NOT_FOUND = 'No MDM server of this provider is connected';
export const UNKNOWN_MDM_PROVIDER = 'No such MDM provider';

/**
 * Why testing a connection failed, in fixed words (the web shows them translated; a check stores one
 * as the connection's last error).
 */
export const MDM_CHECK_ERRORS = {
  tokenRefused: 'The MDM server refused the API token',
  unreachable: 'Equip could not reach the MDM server',
  unexpectedAnswer: 'The address did not answer like a Fleet server',
  serverError: 'The MDM server answered with an error; try again later',
  /** Sealed under another installation secret (JWT_SECRET changed): connect again. */
  tokenUnreadable: 'The stored API token cannot be read; connect the server again',
  /** Jamf Pro: the token endpoint refused the API client's ID or secret (it does not say which). */
  credentialsRefused: 'The MDM server refused the client ID or secret',
  notJamf: 'The address did not answer like a Jamf Pro server',
  notManageEngine: 'The address did not answer like a ManageEngine MDM server',
} as const;
export type MdmCheckError = (typeof MDM_CHECK_ERRORS)[keyof typeof MDM_CHECK_ERRORS];

/** `:provider` of the routes: a provider's name (anything else is a connection that does not exist). */
export const MdmConnectionParams = z.object({
  provider: z
    .string()
    .max(40)
    .describe(`One of ${MdmProvider.options.join(', ')}`),
});

/** The provider a path names, or null. */
export function mdmProviderOfParam(value: string): MdmProvider | null {
  const parsed = MdmProvider.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The server's address: https (http only where the installation allows private servers: tests). */
export const MdmServerUrl = z
  .url({ protocol: /^https?$/, error: 'Must be an https:// address' })
  .trim()
  .max(2000);

/**
 * What connecting a server takes: its address and the provider's credentials — Fleet an API token,
 * Jamf Pro an API client's ID and secret, ManageEngine an API key (`apiToken`). Each provider's are required by the API (`MDM_CREDENTIAL_FIELDS`,
 * a 400 at the missing field); the others are ignored.
 */
export const SaveMdmConnectionRequest = z.object({
  baseUrl: MdmServerUrl,
  /**
   * Fleet: the API token of an API-only user (`fleetctl user create --api-only`); ManageEngine: the API
   * key (Admin → Integrations → API Key Generation).
   */
  apiToken: z.string().trim().min(1, 'Required').max(4000).optional(),
  /** Jamf Pro: the API client's ID (Settings → API Roles and Clients). */
  clientId: z.string().trim().min(1, 'Required').max(200).optional(),
  /** Jamf Pro: the API client's secret, sealed at rest like Fleet's token. */
  clientSecret: z.string().trim().min(1, 'Required').max(4000).optional(),
});
export type SaveMdmConnectionRequest = z.input<typeof SaveMdmConnectionRequest>;

/** The credentials each provider's connection needs (Jamf's secret is sealed and hinted like a token). */
export const MDM_CREDENTIAL_FIELDS: Record<
  MdmProvider,
  readonly ('apiToken' | 'clientId' | 'clientSecret')[]
> = {
  FLEET: ['apiToken'],
  JAMF: ['clientId', 'clientSecret'],
  MANAGE_ENGINE: ['apiToken'],
};

/** How many of the token's last characters are shown, and from what length on. */
export const TOKEN_HINT_LENGTH = 4;
const TOKEN_HINT_MIN_TOKEN = 16;
/** The token's last characters, to recognise it by; none for a short token (too much of it). */
export const tokenHintOf = (token: string): string | null =>
  token.length >= TOKEN_HINT_MIN_TOKEN ? token.slice(-TOKEN_HINT_LENGTH) : null;

/**
 * What the last inventory sync did (decision 025): devices seen in the MDM, created in Equip, changed,
 * marked as gone from the MDM and back in it, and skipped (no serial number, or the serial belongs to a
 * device managed by another MDM).
 */
export const MdmSyncCounts = z.object({
  seen: z.number().int().nonnegative(),
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  missing: z.number().int().nonnegative(),
  returned: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
});
export type MdmSyncCounts = z.infer<typeof MdmSyncCounts>;

/**
 * The connection's inventory sync (decision 025): when one was last asked for ("Sync now"), started and
 * finished, and how it ended — its counts, or why it failed. A sync runs while `startedAt` is after
 * `finishedAt` (or nothing finished yet); one is waiting while `requestedAt` is after both.
 */
export const MdmInventorySync = z.object({
  requestedAt: IsoDateTime.nullable(),
  startedAt: IsoDateTime.nullable(),
  finishedAt: IsoDateTime.nullable(),
  /** The last finished sync's counts (null before one finished, or when it failed). */
  counts: MdmSyncCounts.nullable(),
  /** Why the last finished sync failed; null when it worked. */
  error: z.string().nullable(),
});
export type MdmInventorySync = z.infer<typeof MdmInventorySync>;

/** Whether a sync is waiting or running (the web polls the connections while one is). */
export function syncPending(sync: MdmInventorySync): boolean {
  const finished = sync.finishedAt ? Date.parse(sync.finishedAt) : -1;
  const latest = Math.max(
    sync.requestedAt ? Date.parse(sync.requestedAt) : -1,
    sync.startedAt ? Date.parse(sync.startedAt) : -1,
  );
  return latest > finished;
}

/** A connection as the API answers it: never the token. */
export const MdmConnection = z.object({
  provider: MdmProvider,
  baseUrl: z.string(),
  /** The token's (Jamf: the client secret's) last four characters (null for a short one). */
  tokenHint: z.string().nullable(),
  /** Jamf Pro: the API client's ID (not secret); absent for providers without one. */
  clientId: z.string().optional(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  /** When the connection was last tested (on save and by "Test connection"). */
  lastCheckedAt: IsoDateTime.nullable(),
  /** Why the last test failed (one of MDM_CHECK_ERRORS), null when it worked. */
  lastError: z.string().nullable(),
  /** Its inventory sync: the last one's outcome, and whether one is waiting or running. */
  sync: MdmInventorySync,
});
export type MdmConnection = z.infer<typeof MdmConnection>;
export const MdmConnectionList = z.object({ items: z.array(MdmConnection) });
export type MdmConnectionList = z.infer<typeof MdmConnectionList>;
