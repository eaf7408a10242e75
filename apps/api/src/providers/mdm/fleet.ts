import { type ReportedSoftware, tidySoftware } from '@equip/domain/device-software';
import {
  type DeviceAction,
  type DeviceMdmStatus,
  PROVIDER_ACTIONS,
  reportedStatusOf,
} from '@equip/domain/mdm';
import type { InstallableApplication } from '@equip/domain/software-installs';
import { z } from 'zod';
import { retryAfterOf } from '../outbound/retry-after.ts';
import {
  type CommandResult,
  type MdmAdapter,
  MdmCommandRejected,
  type MdmDevice,
  type MdmInventoryDevice,
  type MdmInventoryPage,
  type MdmOfferCommand,
  type MdmSoftwareCommand,
  MdmUnavailable,
  type SentCommand,
} from './adapter.ts';
import {
  comparableName,
  enrollmentOfFleet,
  instantOf,
  osOfPlatform,
  textOf,
  typeOfDevice,
} from './inventory.ts';

/**
 * A client of Fleet's REST API (fleetdm.com, `docs/REST API/rest-api.md`; shapes in
 * /work/shared/vendors/fleet): authentication by API token (`Authorization: Bearer`) or by logging in
 * (`POST /api/v1/fleet/login`), the host list and host, and the lock, unlock and wipe commands.
 */

/** Fleet's error body: `{ message, errors: [{ name, reason }], uuid? }`. */
const FleetErrorBody = z.object({
  message: z.string(),
  errors: z.array(z.object({ name: z.string(), reason: z.string() })).optional(),
});

export class FleetApiError extends Error {
  override name = 'FleetApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly reasons: string[],
    /** From `retry-after` on a 429 or 503 (seconds, or an HTTP date turned into seconds from now). */
    readonly retryAfterSeconds: number | null,
    /** When `retry-after` allows the next request. */
    readonly retryAt: Date | null = null,
  ) {
    super(message);
  }
  /** Rate limits, server errors and the like pass; a 4xx otherwise stays as it is. */
  get retryable(): boolean {
    return this.status === 429 || this.status >= 500;
  }
}

const FleetHost = z.object({
  id: z.number().int(),
  hostname: z.string(),
  display_name: z.string().optional(),
  computer_name: z.string().optional(),
  hardware_serial: z.string().optional(),
  uuid: z.string().optional(),
  platform: z.string().optional(),
  os_version: z.string().nullish(),
  hardware_model: z.string().nullish(),
  hardware_vendor: z.string().nullish(),
  /** When the host last checked in (osquery or MDM). */
  seen_time: z.string().nullish(),
  /** macOS FileVault / Windows BitLocker, where Fleet knows it (null or absent otherwise). */
  disk_encryption_enabled: z.boolean().nullish(),
  /** The host's team (Fleet Premium); null for hosts in no team. Self service is set per team. */
  team_id: z.number().int().nullish(),
  mdm: z
    .object({
      device_status: z.string().optional(),
      pending_action: z.string().optional(),
      /** `On (manual)`, `On (automatic)`, `Pending`, `Off`, or null for hosts without MDM. */
      enrollment_status: z.string().nullish(),
    })
    .partial()
    .nullish(),
});
export type FleetHost = z.infer<typeof FleetHost>;
/**
 * The host list. The documented answer has no paging metadata; newer servers may add Fleet's paging
 * object (`meta.has_next_results`, as the activities list has), which is used when it is there.
 */
const HostList = z.object({
  hosts: z.array(FleetHost),
  meta: z.object({ has_next_results: z.boolean() }).partial().optional(),
});
/** Hosts per page of the host search, and how many pages a search may read before it gives up. */
export const HOSTS_PER_PAGE = 100;
const MAX_HOST_PAGES = 100;
const HostAnswer = z.object({ host: FleetHost });
/**
 * One entry of a host's `software` (`GET /api/v1/fleet/hosts/:id`, the documentation's example in
 * /work/shared/vendors/fleet/GET-hosts-id.json): name, version, where it came from (`apps`, `programs`,
 * `deb_packages`, `rpm_packages`, `homebrew_packages`, …), a Mac app's bundle id, its paths.
 */
const FleetSoftware = z.object({
  name: z.string(),
  version: z.string().nullish(),
  source: z.string().nullish(),
  bundle_identifier: z.string().nullish(),
  installed_paths: z.array(z.string()).nullish(),
});
export type FleetSoftware = z.infer<typeof FleetSoftware>;
/**
 * One title of a host's software as `GET /api/v1/fleet/hosts/:id/software` answers it (Fleet's REST API
 * documentation, "Get host's software": docs/REST API/rest-api.md in fleetdm/fleet): the title's id (what
 * install and uninstall name), its package or App Store app where Fleet can install it, the install
 * status, and the installed versions with their bundle ids.
 */
const FleetHostTitle = z.object({
  id: z.number().int(),
  name: z.string(),
  source: z.string().nullish(),
  bundle_identifier: z.string().nullish(),
  /** `installed`, `pending_install`, `failed_install`, `pending_uninstall`, `failed_uninstall`, or null. */
  status: z.string().nullish(),
  /** `self_service`: the host's team offers it in Fleet Desktop's Self-service. */
  software_package: z
    .object({
      name: z.string().nullish(),
      version: z.string().nullish(),
      self_service: z.boolean().nullish(),
    })
    .nullish(),
  app_store_app: z
    .object({
      app_store_id: z.string().nullish(),
      version: z.string().nullish(),
      self_service: z.boolean().nullish(),
    })
    .nullish(),
  installed_versions: z
    .array(z.object({ version: z.string().nullish(), bundle_identifier: z.string().nullish() }))
    .nullish(),
});
export type FleetHostTitle = z.infer<typeof FleetHostTitle>;
const HostTitlesAnswer = z.object({
  software: z.array(FleetHostTitle).nullish(),
  meta: z.object({ has_next_results: z.boolean() }).partial().optional(),
});
const HostSoftwareAnswer = z.object({ host: z.object({ software: z.array(FleetSoftware).nullish() }) });
const LoginAnswer = z.object({ token: z.string().min(1) });
const MeAnswer = z.object({
  user: z.object({ id: z.number().int(), email: z.string().optional(), api_only: z.boolean().optional() }),
});
export type FleetUser = z.infer<typeof MeAnswer>['user'];
const PinAnswer = z.object({ unlock_pin: z.string().optional(), host_id: z.number().optional() });
/** `POST /api/v1/fleet/commands/run`'s answer. */
const CommandRun = z.object({ command_uuid: z.string().min(1), request_type: z.string().optional() });
/** One host's result of an MDM command (`GET /api/v1/fleet/commands/results`, `GET /api/v1/fleet/commands`). */
const CommandResultRow = z.object({
  host_uuid: z.string(),
  command_uuid: z.string(),
  /** Apple's answer: `Pending`, `Acknowledged`, `Error`, `CommandFormatError` or `NotNow`. */
  status: z.string(),
  updated_at: z.string().optional(),
  request_type: z.string().optional(),
});
export type FleetCommandResult = z.infer<typeof CommandResultRow>;
const CommandResults = z.object({ results: z.array(CommandResultRow).nullish() });

export interface FleetCredentials {
  baseUrl: string;
  /** An API token (an API-only user's), or email and password to log in with. */
  apiToken?: string;
  email?: string;
  password?: string;
}

export class FleetClient {
  private token: string | null;
  private readonly base: string;

  constructor(
    private readonly credentials: FleetCredentials,
    private readonly fetcher: typeof fetch = fetch,
    /** How long a request may take to be answered (then it is aborted). */
    readonly timeoutMs = 15_000,
  ) {
    this.base = credentials.baseUrl.replace(/\/+$/, '');
    this.token = credentials.apiToken ?? null;
  }

  /** `POST /api/v1/fleet/login`: exchanges email and password for a token (401 wrong, 429 too many). */
  async login(): Promise<string> {
    const { email, password } = this.credentials;
    if (!email || !password) throw new FleetApiError(401, 'No Fleet API token or login configured', [], null);
    const body = await this.call('POST', '/api/v1/fleet/login', { email, password }, false);
    this.token = LoginAnswer.parse(body).token;
    return this.token;
  }

  /**
   * `GET /api/v1/fleet/me`: the user the token belongs to. Answers when the address is a Fleet server
   * and the token is valid; FleetApiError 401 for a wrong token, a ZodError for another server's answer.
   */
  async checkConnection(): Promise<FleetUser> {
    return MeAnswer.parse(await this.call('GET', '/api/v1/fleet/me')).user;
  }

  /**
   * One page (from 0) of `GET /api/v1/fleet/hosts?query=`: hosts whose hostname, serial, UUID or IP
   * contain the text, by hostname. Answers whether a next page may have more: `meta.has_next_results`
   * where the server gives it, else whether the page was full (the documented answer has no metadata).
   */
  async searchHosts(
    query: string,
    page = 0,
    perPage = HOSTS_PER_PAGE,
  ): Promise<FleetHost[] & { more?: boolean }> {
    return this.hostPage({ query, order_key: 'hostname' }, page, perPage);
  }

  /**
   * One page (from 0) of every host, by id (`order_key=id`: hosts enrolled while the pages are read come
   * last instead of shifting the pages), for the inventory sync.
   */
  async listHosts(page = 0, perPage = HOSTS_PER_PAGE): Promise<FleetHost[] & { more?: boolean }> {
    return this.hostPage({ order_key: 'id' }, page, perPage);
  }

  private async hostPage(
    filter: Record<string, string>,
    page: number,
    perPage: number,
  ): Promise<FleetHost[] & { more?: boolean }> {
    const params = new URLSearchParams({ ...filter, page: String(page), per_page: String(perPage) });
    const { hosts, meta } = HostList.parse(await this.call('GET', `/api/v1/fleet/hosts?${params}`));
    return Object.assign(hosts, { more: meta?.has_next_results ?? hosts.length >= perPage });
  }

  /**
   * The first host of the search that `matches`, reading page after page: a serial's text is part of
   * other hosts' names and serials too, so the exact match may be on any page. Null when none matches.
   */
  async findHost(query: string, matches: (host: FleetHost) => boolean): Promise<FleetHost | null> {
    for (let page = 0; page < MAX_HOST_PAGES; page++) {
      const hosts = await this.searchHosts(query, page);
      const host = hosts.find(matches);
      if (host) return host;
      if (!hosts.more) return null;
    }
    throw new Error(`More than ${MAX_HOST_PAGES * HOSTS_PER_PAGE} Fleet hosts match ${query}`);
  }

  /** `GET /api/v1/fleet/hosts/:id`. */
  async getHost(id: number): Promise<FleetHost> {
    return HostAnswer.parse(await this.call('GET', `/api/v1/fleet/hosts/${id}`)).host;
  }

  /** The software of `GET /api/v1/fleet/hosts/:id` (the host's `software`; none when Fleet left it out). */
  async hostSoftware(id: number): Promise<FleetSoftware[]> {
    return HostSoftwareAnswer.parse(await this.call('GET', `/api/v1/fleet/hosts/${id}`)).host.software ?? [];
  }

  /**
   * One page (from 0) of `GET /api/v1/fleet/hosts/:id/software`: the host's software titles whose name
   * contains `query`; only those Fleet can install (a package or an App Store app) when `installable`.
   */
  async hostTitles(
    id: number,
    query: string,
    installable: boolean,
    page = 0,
  ): Promise<FleetHostTitle[] & { more?: boolean }> {
    const params = new URLSearchParams({ query, page: String(page), per_page: String(HOSTS_PER_PAGE) });
    if (installable) params.set('available_for_install', 'true');
    const answer = HostTitlesAnswer.parse(
      await this.call('GET', `/api/v1/fleet/hosts/${id}/software?${params}`),
    );
    const titles = answer.software ?? [];
    return Object.assign(titles, { more: answer.meta?.has_next_results ?? titles.length >= HOSTS_PER_PAGE });
  }

  /** `POST /api/v1/fleet/hosts/:id/software/:software_title_id/install` (or `/uninstall`): 202. */
  async softwareCommand(id: number, titleId: number, verb: 'install' | 'uninstall'): Promise<void> {
    await this.call('POST', `/api/v1/fleet/hosts/${id}/software/${titleId}/${verb}`);
  }

  /** `POST /api/v1/fleet/hosts/:id/lock`: 204, or 200 with `unlock_pin` (macOS) when `viewPin`. */
  async lock(id: number, viewPin = false): Promise<{ unlockPin: string | null }> {
    const body = await this.call('POST', `/api/v1/fleet/hosts/${id}/lock${viewPin ? '?view_pin=true' : ''}`);
    return { unlockPin: body === null ? null : (PinAnswer.parse(body).unlock_pin ?? null) };
  }

  /** `POST /api/v1/fleet/hosts/:id/unlock`: 204 (Windows, Linux) or 200 with the PIN to type (macOS). */
  async unlock(id: number): Promise<{ unlockPin: string | null }> {
    const body = await this.call('POST', `/api/v1/fleet/hosts/${id}/unlock`);
    return { unlockPin: body === null ? null : (PinAnswer.parse(body).unlock_pin ?? null) };
  }

  /** `POST /api/v1/fleet/hosts/:id/wipe`: 204. */
  async wipe(id: number): Promise<void> {
    await this.call('POST', `/api/v1/fleet/hosts/${id}/wipe`);
  }

  /**
   * `POST /api/v1/fleet/commands/run`: a raw Apple MDM command (`RequestType` and its fields, as a
   * base64 property list) for one host, run the next time it checks in. Answers Fleet's command UUID.
   */
  async runAppleCommand(hostUuid: string, requestType: string, fields: Record<string, string> = {}) {
    const command = Buffer.from(applePropertyList(requestType, fields), 'utf8').toString('base64');
    const body = await this.call('POST', '/api/v1/fleet/commands/run', { command, host_uuids: [hostUuid] });
    return CommandRun.parse(body).command_uuid;
  }

  /** `GET /api/v1/fleet/commands/results?command_uuid=`: each host's answer to a command. */
  async commandResults(commandUuid: string): Promise<FleetCommandResult[]> {
    const params = new URLSearchParams({ command_uuid: commandUuid });
    return (
      CommandResults.parse(await this.call('GET', `/api/v1/fleet/commands/results?${params}`)).results ?? []
    );
  }

  /** `GET /api/v1/fleet/commands?host_identifier=&request_type=`: the commands of a kind a host was sent. */
  async hostCommands(hostUuid: string, requestType: string): Promise<FleetCommandResult[]> {
    const params = new URLSearchParams({ host_identifier: hostUuid, request_type: requestType });
    return CommandResults.parse(await this.call('GET', `/api/v1/fleet/commands?${params}`)).results ?? [];
  }

  /** One request; a 401 with a login (not a fixed token) logs in again once. */
  /**
   * Offers a title in Fleet Desktop's Self-service for a team's hosts, or stops offering it (Fleet's REST
   * API documentation, docs/REST API/rest-api.md in fleetdm/fleet: "Update package", `PATCH
   * /api/v1/fleet/software/titles/:id/package` as multipart/form-data with `team_id` and `self_service`;
   * "Update App Store app", `PATCH /api/v1/fleet/software/titles/:title_id/app_store_app` as JSON with
   * `team_id` and `self_service`). `teamId` 0 is "No team". The other fields of the installer stay.
   */
  async setSelfService(
    titleId: number,
    teamId: number,
    appStore: boolean,
    selfService: boolean,
  ): Promise<void> {
    if (appStore) {
      await this.call('PATCH', `/api/v1/fleet/software/titles/${titleId}/app_store_app`, {
        team_id: teamId,
        self_service: selfService,
      });
      return;
    }
    const form = new FormData();
    form.set('team_id', String(teamId));
    form.set('self_service', String(selfService));
    await this.call('PATCH', `/api/v1/fleet/software/titles/${titleId}/package`, form);
  }

  private async call(method: string, path: string, json?: unknown, authenticated = true): Promise<unknown> {
    if (authenticated && !this.token) await this.login();
    // A form is sent as multipart/form-data, encoded here (with its boundary in the content type) so that
    // any fetch sends the same bytes.
    const form = json instanceof FormData ? new Response(json) : null;
    const formType = form?.headers.get('content-type') ?? null;
    const formBody = form ? new Uint8Array(await form.arrayBuffer()) : null;
    const send = () =>
      this.fetcher(`${this.base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(json === undefined ? {} : { 'content-type': formType ?? 'application/json' }),
          ...(authenticated && this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        ...(json === undefined ? {} : { body: formBody ?? JSON.stringify(json) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    let response = await send();
    if (response.status === 401 && authenticated && !this.credentials.apiToken && this.credentials.email) {
      await response.body?.cancel();
      await this.login();
      response = await send();
    }
    if (response.status === 204) return null;
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!response.ok) throw fleetError(response, body);
    return body;
  }
}

function fleetError(response: Response, body: unknown): FleetApiError {
  const parsed = FleetErrorBody.safeParse(body);
  const retryAt = retryAfterOf(response.headers.get('retry-after'));
  const message = parsed.success ? parsed.data.message : `Fleet answered ${response.status}`;
  const reasons = parsed.success ? (parsed.data.errors ?? []).map((e) => e.reason) : [];
  return new FleetApiError(
    response.status,
    reasons.length > 0 ? `${message}: ${reasons.join('; ')}` : message,
    reasons,
    retryAt ? Math.max(1, Math.ceil((retryAt.getTime() - Date.now()) / 1000)) : null,
    retryAt,
  );
}

/** The Fleet command that carries out an action (`mdm.pending_action` names it until the device reports). */
const FLEET_COMMAND: Partial<Record<DeviceAction, string>> = {
  lock: 'lock',
  unlock: 'unlock',
  wipe: 'wipe',
  reset: 'wipe',
};

/** Fleet's `mdm.device_status` once an action has taken effect. */
const EXPECTED_STATUS: Partial<Record<DeviceAction, DeviceMdmStatus>> = {
  lock: 'locked',
  unlock: 'unlocked',
  wipe: 'wiped',
  reset: 'wiped',
};

/**
 * Actions Fleet has no endpoint of its own for, sent as Apple MDM commands (Apple's RequestType) through
 * `commands/run`: restart and shut down (Macs, iPhones, iPads), lost mode (iPhones and iPads).
 */
const APPLE_REQUEST: Partial<Record<DeviceAction, string>> = {
  restart: 'RestartDevice',
  shutdown: 'ShutDownDevice',
  enable_lost_mode: 'EnableLostMode',
};
/** Fleet's platforms of Apple hosts, and of those that have a lost mode (iPhones and iPads). */
const APPLE_PLATFORMS = ['darwin', 'ios', 'ipados'];
const APPLE_MOBILE = ['ios', 'ipados'];
/** The lost-mode screen's text (EnableLostMode needs a message or a phone number). */
const LOST_MODE_MESSAGE = 'This device has been reported lost. Please contact your IT team.';
/** A command sent through `commands/run` is kept as `apple:<command UUID>` (the others by host id). */
const APPLE_PREFIX = 'apple:';

const xml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** An Apple MDM command as its property list (Apple's "Commands and Queries" documentation). */
export function applePropertyList(requestType: string, fields: Record<string, string> = {}): string {
  const entries = Object.entries({ RequestType: requestType, ...fields })
    .map(([key, value]) => `<key>${xml(key)}</key><string>${xml(value)}</string>`)
    .join('');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    `<plist version="1.0"><dict><key>Command</key><dict>${entries}</dict></dict></plist>`,
  ].join('\n');
}

/** The Fleet adapter: a device is the Fleet host with its serial number (or, without one, its name). */
export class FleetMdmAdapter implements MdmAdapter {
  readonly provider = 'FLEET' as const;
  readonly kind = 'fleet' as const;
  readonly readsInstalledSoftware = true;
  /** An offline laptop reports when it is next online: wait three days before giving up. */
  readonly reportTimeoutMs = 3 * 24 * 3600_000;

  constructor(
    private readonly client: FleetClient,
    readonly checkIntervalMs = 30_000,
  ) {}

  async send(device: MdmDevice, action: DeviceAction): Promise<SentCommand> {
    if (!PROVIDER_ACTIONS.FLEET.includes(action))
      throw new MdmCommandRejected(`Fleet does not offer ${action}`);
    const host = await this.guard('read', () => this.findHost(device));
    const requestType = APPLE_REQUEST[action];
    if (requestType) {
      const systems = action === 'enable_lost_mode' ? APPLE_MOBILE : APPLE_PLATFORMS;
      if (!systems.includes(host.platform ?? ''))
        throw new MdmCommandRejected(
          `Fleet sends ${action} to ${systems.join(', ')} hosts only, not ${host.platform}`,
        );
      const hostUuid = host.uuid;
      if (!hostUuid)
        throw new MdmCommandRejected(`The Fleet host ${host.hostname} has no UUID to send ${action} to`);
      const fields = action === 'enable_lost_mode' ? { Message: LOST_MODE_MESSAGE } : undefined;
      const commandUuid = await this.guard('command', () =>
        this.client.runAppleCommand(hostUuid, requestType, fields),
      );
      return { providerCommandId: `${APPLE_PREFIX}${commandUuid}` };
    }
    const unlockPin = await this.guard('command', async () => {
      if (action === 'lock') await this.client.lock(host.id);
      // A Mac is unlocked by typing the PIN Fleet answers with on the device itself.
      else if (action === 'unlock') return (await this.client.unlock(host.id)).unlockPin;
      else await this.client.wipe(host.id);
      return null;
    });
    return { providerCommandId: String(host.id), ...(unlockPin ? { unlockPin } : {}) };
  }

  /**
   * Fleet keeps a sent lock or wipe on the host: `mdm.pending_action` names it until the device reports,
   * then `mdm.device_status` shows its effect. Either means the command arrived.
   */
  async findSent(device: MdmDevice, action: DeviceAction, attemptedAt: Date): Promise<SentCommand | null> {
    const requestType = APPLE_REQUEST[action];
    if (requestType) {
      // Fleet lists the commands of a kind a host was sent: one of them since the try began arrived.
      const found = await this.guard('read', () => this.findHost(device));
      if (!found.uuid) return null;
      const uuid = found.uuid;
      const sent = await this.guard('read', () => this.client.hostCommands(uuid, requestType));
      const since = sent.find(
        (c) =>
          c.updated_at !== undefined && Date.parse(c.updated_at) >= attemptedAt.getTime() - CLOCK_SKEW_MS,
      );
      return since ? { providerCommandId: `${APPLE_PREFIX}${since.command_uuid}` } : null;
    }
    const command = FLEET_COMMAND[action];
    if (!command) throw new MdmCommandRejected(`Fleet does not offer ${action}`);
    const found = await this.guard('read', () => this.findHost(device));
    const host = await this.guard('read', () => this.client.getHost(found.id));
    const arrived =
      host.mdm?.pending_action === command ||
      (EXPECTED_STATUS[action] !== undefined && host.mdm?.device_status === EXPECTED_STATUS[action]);
    return arrived ? { providerCommandId: String(host.id) } : null;
  }

  /**
   * Fleet's software install or uninstall (`POST /hosts/:id/software/:software_title_id/install`,
   * `/uninstall`) of the host's title that is the catalog application (by bundle id or App Store id, else
   * by name) among those Fleet can install. Kept as `software:<host id>:<title id>`.
   */
  async sendSoftware(device: MdmDevice, command: MdmSoftwareCommand): Promise<SentCommand> {
    const host = await this.guard('read', () => this.findHost(device));
    const title = await this.guard('read', () => this.findTitle(host.id, command.application, true));
    if (!title)
      throw new MdmCommandRejected(
        `Fleet has no ${command.application.name} to ${verbOf(command)} on ${host.hostname}`,
      );
    await this.guard('command', () => this.client.softwareCommand(host.id, title.id, verbOf(command)));
    return { providerCommandId: `${SOFTWARE_PREFIX}${host.id}:${title.id}` };
  }

  /**
   * Fleet offers software in self service per team (the title's installer's `self_service`, for every
   * host of the host's team): an offer sets it on the host's team's installer of the title that is the
   * application, unless it is set already. A withdrawal changes nothing at Fleet: the flag is the whole
   * team's, and other people of the team may be offered the same title (Fleet can narrow it to hosts by
   * labels, which Equip does not manage); the person's status in Equip is no longer offered.
   */
  async offerSoftware(device: MdmDevice, command: MdmOfferCommand): Promise<void> {
    if (!command.offered) return;
    const host = await this.guard('read', () => this.findHost(device));
    const title = await this.guard('read', () => this.findTitle(host.id, command.application, true));
    if (!title)
      throw new MdmCommandRejected(`Fleet has no ${command.application.name} to offer on ${host.hostname}`);
    if (title.software_package?.self_service || title.app_store_app?.self_service) return;
    const appStore = !title.software_package && Boolean(title.app_store_app);
    await this.guard('command', () =>
      this.client.setSelfService(title.id, host.team_id ?? 0, appStore, true),
    );
  }

  /** The title's `status` on the host: installed (or, for an uninstall, no longer there), failed, or pending. */
  async softwareResult(
    _device: MdmDevice,
    command: MdmSoftwareCommand,
    sent: SentCommand & { sentAt: Date },
  ): Promise<CommandResult> {
    const [hostId, titleId] = sent.providerCommandId.slice(SOFTWARE_PREFIX.length).split(':').map(Number);
    const title = await this.guard('read', async () => {
      const titles = await this.client.hostTitles(hostId!, command.application.name, false);
      return titles.find((t) => t.id === titleId) ?? null;
    });
    const status = title?.status ?? null;
    const name = command.application.name;
    if (command.action === 'install_software') {
      if (status === 'failed_install') return { state: 'failed', error: `Fleet could not install ${name}` };
      return status === 'installed' ? { state: 'completed', mdmStatus: null } : { state: 'pending' };
    }
    if (status === 'failed_uninstall') return { state: 'failed', error: `Fleet could not uninstall ${name}` };
    if (status === 'pending_uninstall') return { state: 'pending' };
    const installed = (title?.installed_versions?.length ?? 0) > 0 || status === 'installed';
    return installed ? { state: 'pending' } : { state: 'completed', mdmStatus: null };
  }

  /** The host's title that is the application, reading page after page of the name search. */
  private async findTitle(
    hostId: number,
    app: InstallableApplication,
    installable: boolean,
  ): Promise<FleetHostTitle | null> {
    for (let page = 0; page < MAX_HOST_PAGES; page++) {
      const titles = await this.client.hostTitles(hostId, app.name, installable, page);
      const found = titles.find((t) => titleIs(t, app));
      if (found) return found;
      if (!titles.more) return null;
    }
    return null;
  }

  /** The host's `software` as Fleet last inventoried it (osquery's apps, programs and packages). */
  async installedSoftware(device: MdmDevice): Promise<ReportedSoftware[]> {
    // The inventory sync knows the host's id: no search by serial first.
    const id = device.mdmId && /^\d+$/.test(device.mdmId) ? Number(device.mdmId) : null;
    const hostId = id ?? (await this.guard('read', () => this.findHost(device))).id;
    const software = await this.guard('read', () => this.client.hostSoftware(hostId));
    return tidySoftware(software.map(fleetSoftwareEntry));
  }

  async result(
    _device: MdmDevice,
    action: DeviceAction,
    sent: SentCommand & { sentAt: Date },
  ): Promise<CommandResult> {
    if (sent.providerCommandId.startsWith(APPLE_PREFIX)) {
      const commandUuid = sent.providerCommandId.slice(APPLE_PREFIX.length);
      const [answer] = await this.guard('read', () => this.client.commandResults(commandUuid));
      if (answer?.status === 'Acknowledged')
        return { state: 'completed', mdmStatus: reportedStatusOf(action) };
      if (answer?.status === 'Error' || answer?.status === 'CommandFormatError')
        return {
          state: 'failed',
          error: `The device answered ${answer.status} to ${answer.request_type ?? action}`,
        };
      return { state: 'pending' };
    }
    const host = await this.guard('read', () => this.client.getHost(Number(sent.providerCommandId)));
    const expected = EXPECTED_STATUS[action];
    const status = host.mdm?.device_status;
    if (expected && status === expected && !host.mdm?.pending_action)
      return { state: 'completed', mdmStatus: expected };
    return { state: 'pending' };
  }

  /** A page of `GET /api/v1/fleet/hosts?page=&per_page=&order_key=id`; the cursor is the page number. */
  async inventory(cursor: string | null): Promise<MdmInventoryPage> {
    const page = cursor ? Number(cursor) : 0;
    const hosts = await this.guard('read', () => this.client.listHosts(page));
    return { devices: hosts.map(inventoryOfHost), next: hosts.more ? String(page + 1) : null };
  }

  private async findHost(device: MdmDevice): Promise<FleetHost> {
    const stored = device.mdmId ? await this.storedHost(device, Number(device.mdmId)) : null;
    if (stored) return stored;
    const key = device.serialNumber?.trim() || device.name;
    const host = await this.client.findHost(key, (h) =>
      device.serialNumber
        ? h.hardware_serial === device.serialNumber
        : [h.hostname, h.computer_name, h.display_name].includes(device.name),
    );
    if (!host) throw new MdmCommandRejected(`No Fleet host matches the device (${key})`);
    return host;
  }

  /** The host of the stored id when it is still the device's (the same serial number); else null. */
  private async storedHost(device: MdmDevice, id: number): Promise<FleetHost | null> {
    if (!Number.isSafeInteger(id)) return null;
    try {
      const host = await this.client.getHost(id);
      const serial = device.serialNumber?.trim();
      return !serial || host.hardware_serial === serial ? host : null;
    } catch (error) {
      if (error instanceof FleetApiError && error.status === 404) return null;
      throw error;
    }
  }

  /**
   * Fleet's refusals that will not change on a retry become MdmCommandRejected; a rate limit, a server
   * error, no answer in time or no connection become MdmUnavailable (with Fleet's `Retry-After`). A
   * failure while reading (`read`) never reached Fleet's command queue; one of a `command` request did
   * not when Fleet refused it unread (429) or the connection was refused, and may have otherwise.
   */
  private async guard<T>(phase: 'read' | 'command', work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof FleetApiError) {
        if (!error.retryable) throw new MdmCommandRejected(`Fleet ${error.status}: ${error.message}`);
        throw new MdmUnavailable(
          `Fleet ${error.status}: ${error.message}`,
          error.retryAt,
          phase === 'read' || error.status === 429,
          { cause: error },
        );
      }
      const name = (error as { name?: unknown } | null)?.name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new MdmUnavailable(
          `Fleet did not answer within ${seconds(this.client.timeoutMs)}`,
          null,
          phase === 'read',
          { cause: error },
        );
      if (error instanceof TypeError) {
        const code = String((error.cause as { code?: unknown } | undefined)?.code ?? '');
        throw new MdmUnavailable(
          `Could not reach Fleet${code ? ` (${code})` : ''}: ${error.message}`,
          null,
          phase === 'read' || code === 'ECONNREFUSED',
          { cause: error },
        );
      }
      throw error;
    }
  }
}

/** A software install or uninstall is kept as `software:<host id>:<title id>`. */
const SOFTWARE_PREFIX = 'software:';
const verbOf = (command: MdmSoftwareCommand) =>
  command.action === 'install_software' ? ('install' as const) : ('uninstall' as const);

/** Whether a Fleet title is the catalog application: its bundle or App Store id, else the same name. */
function titleIs(title: FleetHostTitle, app: InstallableApplication): boolean {
  const ids = [app.macApplicationId, app.windowsApplicationId, app.iosApplicationId, app.ipadApplicationId]
    .filter((id): id is string => Boolean(id))
    .map((id) => id.toLowerCase());
  const bundles = [
    title.bundle_identifier,
    ...(title.installed_versions ?? []).map((v) => v.bundle_identifier),
  ];
  if (bundles.some((b) => b && ids.includes(b.toLowerCase()))) return true;
  const storeId = title.app_store_app?.app_store_id;
  if (storeId && [app.macAppStoreId, app.iosApplicationId, app.ipadApplicationId].includes(storeId))
    return true;
  return comparableName(title.name) === comparableName(app.name);
}

/** Fleet's sources whose entries are packages of a package manager: the name is the package's id. */
const PACKAGE_SOURCES = new Set([
  'deb_packages',
  'rpm_packages',
  'homebrew_packages',
  'chocolatey_packages',
  'apt_sources',
  'portage_packages',
  'pkg_packages',
  'npm_packages',
  'python_packages',
]);

/** One of Fleet's software entries as Equip keeps it (before tidySoftware). */
export function fleetSoftwareEntry(entry: FleetSoftware) {
  return {
    name: entry.name,
    version: entry.version,
    bundleId: entry.bundle_identifier,
    packageId: PACKAGE_SOURCES.has(entry.source ?? '') ? entry.name : null,
    path: entry.installed_paths?.[0],
  };
}

/**
 * How far Fleet's clock may be behind ours when a command's time is compared with a try's: small, since
 * an earlier command of the same kind counted as this one would leave this one unsent.
 */
const CLOCK_SKEW_MS = 5_000;

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

/** A Fleet host in Equip's terms: its platform gives the OS, its model (iPad…) the type. */
export function inventoryOfHost(host: FleetHost): MdmInventoryDevice {
  const os = osOfPlatform(host.platform);
  const model = textOf(host.hardware_model);
  return {
    mdmId: String(host.id),
    serialNumber: textOf(host.hardware_serial),
    name: textOf(host.display_name) ?? textOf(host.computer_name) ?? host.hostname,
    type: typeOfDevice(os, model, host.platform),
    os,
    osVersion: textOf(host.os_version),
    model,
    manufacturer: textOf(host.hardware_vendor),
    enrollmentState: enrollmentOfFleet(host.mdm?.enrollment_status),
    encrypted: host.disk_encryption_enabled ?? null,
    lastSeenAt: instantOf(host.seen_time),
  };
}
