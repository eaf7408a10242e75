import { randomInt } from 'node:crypto';
import { type ReportedSoftware, tidySoftware } from '@equip/domain/device-software';
import { type DeviceAction, reportedStatusOf } from '@equip/domain/mdm';
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
import { instantOf, osOfPlatform, textOf, typeOfDevice } from './inventory.ts';

/**
 * A client of the Jamf Pro API (developer.jamf.com/jamf-pro; the shapes and where each came from are
 * listed in apps/api/src/test/jamf-fake.ts, "SOURCES"): OAuth client credentials at `POST
 * /api/oauth/token` (the token renewed before it expires), the computers' and mobile devices' inventory
 * (to find a device's `managementId` by serial number), `POST /api/v2/mdm/commands` and the commands'
 * status (`GET /api/v2/mdm/commands`). No official npm client exists; this is a small typed one that
 * parses every answer with zod.
 */

/** The Jamf Pro API's error body: `{ httpStatus, errors: [{ code, field, description, id }] }`. */
const JamfErrorBody = z.object({
  httpStatus: z.number().optional(),
  errors: z
    .array(
      z.object({
        code: z.string().nullish(),
        description: z.string().nullish(),
        field: z.string().nullish(),
      }),
    )
    .optional(),
});
/** The token endpoint's OAuth error (RFC 6749 §5.2): `{ error, error_description? }`. */
const OAuthErrorBody = z.object({ error: z.string(), error_description: z.string().optional() });

export class JamfApiError extends Error {
  override name = 'JamfApiError';
  constructor(
    readonly status: number,
    message: string,
    /** When `retry-after` (a 429 or 503) allows the next request. */
    readonly retryAt: Date | null,
    /** The request was the token request (a 400/401 there: the client id or secret is wrong). */
    readonly duringToken = false,
  ) {
    super(message);
  }
  get retryable(): boolean {
    return this.status === 429 || this.status >= 500;
  }
}

const TokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  /** Seconds the token lives (Jamf's default: 60). */
  expires_in: z.number().positive(),
});
const VersionAnswer = z.object({ version: z.string() });

/** `GET /api/v1/computers-inventory` with sections GENERAL and HARDWARE. */
const JamfComputer = z.object({
  id: z.string(),
  udid: z.string().nullish(),
  general: z
    .object({
      name: z.string().nullish(),
      managementId: z.string().nullish(),
      remoteManagement: z.object({ managed: z.boolean().nullish() }).partial().nullish(),
      lastContactTime: z.string().nullish(),
    })
    .partial()
    .nullish(),
  hardware: z
    .object({ serialNumber: z.string().nullish(), model: z.string().nullish(), make: z.string().nullish() })
    .partial()
    .nullish(),
  /** Section OPERATING_SYSTEM (the inventory sync asks for it). */
  operatingSystem: z
    .object({ name: z.string().nullish(), version: z.string().nullish() })
    .partial()
    .nullish(),
  /** Section DISK_ENCRYPTION: FileVault's state of the boot partition (ENCRYPTED, UNENCRYPTED, …). */
  diskEncryption: z
    .object({
      bootPartitionEncryptionDetails: z
        .object({ partitionFileVault2State: z.string().nullish() })
        .partial()
        .nullish(),
    })
    .partial()
    .nullish(),
});
const ComputerPage = z.object({ totalCount: z.number().int(), results: z.array(JamfComputer) });

/** `GET /api/v2/mobile-devices/detail` with sections GENERAL and HARDWARE. */
const JamfMobileDevice = z.object({
  mobileDeviceId: z.string(),
  deviceType: z.string().nullish(),
  general: z
    .object({
      displayName: z.string().nullish(),
      managementId: z.string().nullish(),
      managed: z.boolean().nullish(),
      osVersion: z.string().nullish(),
      lastInventoryUpdateDate: z.string().nullish(),
    })
    .partial()
    .nullish(),
  hardware: z.object({ serialNumber: z.string().nullish(), model: z.string().nullish() }).partial().nullish(),
  /** Section SECURITY: whether the device's data protection (its encryption) is on. */
  security: z.object({ dataProtected: z.boolean().nullish() }).partial().nullish(),
});
const MobileDevicePage = z.object({ totalCount: z.number().int(), results: z.array(JamfMobileDevice) });

/**
 * A computer's APPLICATIONS section (`GET /api/v1/computers-inventory/{id}?section=APPLICATIONS`) and a
 * mobile device's applications (`GET /api/v2/mobile-devices/{id}/detail`), in Jamf's documented shapes
 * (ComputerApplication, MobileDeviceApplicationInventoryDetail).
 */
const ComputerApplications = z.object({
  applications: z
    .array(
      z.object({
        name: z.string(),
        path: z.string().nullish(),
        version: z.string().nullish(),
        bundleId: z.string().nullish(),
      }),
    )
    .nullish(),
});
const MobileApplications = z.object({
  applications: z
    .array(
      z.object({
        identifier: z.string().nullish(),
        name: z.string(),
        version: z.string().nullish(),
        shortVersion: z.string().nullish(),
      }),
    )
    .nullish(),
});

/** `POST /api/v2/mdm/commands` answers 201 with one entry per client: `[{ id, href }]`. */
const SentAnswer = z.array(z.object({ id: z.string().min(1), href: z.string().optional() })).min(1);
/** `GET /api/v2/mdm/commands`: the commands with their state (PENDING, ACKNOWLEDGED, NOT_NOW, ERROR). */
const JamfCommand = z.object({
  uuid: z.string(),
  commandState: z.string().nullish(),
  /** Older answers call the state `status` (Pending, Acknowledged, …). */
  status: z.string().nullish(),
  commandType: z.string().nullish(),
  dateSent: z.string().nullish(),
  dateCompleted: z.string().nullish(),
  client: z
    .object({ managementId: z.string().nullish(), clientType: z.string().nullish() })
    .partial()
    .nullish(),
});
export type JamfCommand = z.infer<typeof JamfCommand>;
/**
 * A VPP app of the Classic API by bundle id (`GET /JSSResource/macapplications/bundleid/{id}`,
 * `/mobiledeviceapplications/bundleid/{id}`, JSON): its id and the devices in its scope (decision 030).
 */
const VppScoped = z.array(z.object({ id: z.union([z.number(), z.string()]).transform(String) })).nullish();
/**
 * `deployment_type`: "Install Automatically/Prompt Users to Install" or "Make Available in Self Service"
 * (the Classic API's mac_application and mobile_device_application, `general`): how Jamf gives the app to
 * every device of its scope.
 */
const VppGeneral = z.object({
  id: z.number().int(),
  name: z.string(),
  deployment_type: z.string().nullish(),
});
/** The deployment type of an app Jamf offers in Self Service to its scope instead of installing it. */
export const JAMF_SELF_SERVICE_DEPLOYMENT = 'Make Available in Self Service';
const MacVppApp = z.object({
  mac_application: z.object({ general: VppGeneral, scope: z.object({ computers: VppScoped }).nullish() }),
});
const MobileVppApp = z.object({
  mobile_device_application: z.object({
    general: VppGeneral,
    scope: z.object({ mobile_devices: VppScoped }).nullish(),
  }),
});
export interface JamfVppApp {
  id: number;
  name: string;
  /** The Jamf ids of the computers (or mobile devices) in its scope. */
  scope: string[];
  /** Offered in Self Service to its scope (`JAMF_SELF_SERVICE_DEPLOYMENT`) rather than installed. */
  selfService: boolean;
}
const CommandPage = z.object({ totalCount: z.number().int(), results: z.array(JamfCommand) });

/** A device record at Jamf: what a command needs (its `managementId`). */
export interface JamfRecord {
  kind: 'computer' | 'mobile';
  id: string;
  managementId: string;
  serialNumber: string | null;
  name: string | null;
}

export interface JamfCredentials {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

/** Records per page of an inventory search, and how many pages a search may read before it gives up. */
export const JAMF_PAGE_SIZE = 100;
const MAX_PAGES = 100;
/** A token is renewed when less than this much of its life is left (or half its life, when shorter). */
const TOKEN_RENEW_MARGIN_MS = 30_000;

/** The query of an inventory page: GENERAL and HARDWARE and the given sections, paged, sorted, filtered. */
function inventoryParams(
  sections: readonly string[],
  page: number,
  pageSize: number,
  sort: string,
  filter: string | null,
): URLSearchParams {
  const entries: [string, string][] = [
    ...['GENERAL', 'HARDWARE', ...sections].map((section): [string, string] => ['section', section]),
    ['page', String(page)],
    ['page-size', String(pageSize)],
    ['sort', sort],
  ];
  if (filter) entries.push(['filter', filter]);
  return new URLSearchParams(entries);
}

/** RSQL's quoting of a value in `filter=` (a `"` or `\` in it escaped). */
const rsql = (value: string) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;

/** The work waiting per key (a Jamf server's VPP app), each run after the one before it has settled. */
const turns = new Map<string, Promise<unknown>>();

/** Runs `work` after every earlier work of the same key in this process has finished. */
function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = turns.get(key) ?? Promise.resolve();
  const mine = previous.then(work, work);
  turns.set(key, mine);
  const forget = () => {
    if (turns.get(key) === mine) turns.delete(key);
  };
  mine.then(forget, forget);
  return mine;
}

export class JamfClient {
  private readonly base: string;
  private token: { value: string; renewAt: number } | null = null;

  constructor(
    private readonly credentials: JamfCredentials,
    private readonly fetcher: typeof fetch = fetch,
    /** How long a request may take to be answered (then it is aborted). */
    readonly timeoutMs = 15_000,
    private readonly now: () => number = Date.now,
    readonly pageSize = JAMF_PAGE_SIZE,
  ) {
    this.base = credentials.baseUrl.replace(/\/+$/, '');
  }

  /**
   * `POST /api/oauth/token` (grant_type=client_credentials, form-encoded): a bearer token. Kept until
   * shortly before it expires, then a new one is asked for.
   */
  async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.renewAt) return this.token.value;
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.credentials.clientId,
      client_secret: this.credentials.clientSecret,
    });
    const answer = TokenAnswer.parse(
      await this.request('POST', '/api/oauth/token', {
        body: body.toString(),
        contentType: 'application/x-www-form-urlencoded',
        duringToken: true,
      }),
    );
    const lifeMs = answer.expires_in * 1000;
    this.token = {
      value: answer.access_token,
      renewAt: this.now() + lifeMs - Math.min(TOKEN_RENEW_MARGIN_MS, lifeMs / 2),
    };
    return this.token.value;
  }

  /**
   * Whether the address is a Jamf Pro server that accepts the client id and secret: a token, then
   * `GET /api/v1/jamf-pro-version`. JamfApiError (duringToken) for refused credentials, a ZodError for
   * another server's answer.
   */
  async checkConnection(): Promise<{ version: string }> {
    return VersionAnswer.parse(await this.call('GET', '/api/v1/jamf-pro-version'));
  }

  /**
   * One page (from 0) of `GET /api/v1/computers-inventory`, filtered (RSQL) or not; `sections` beyond
   * GENERAL and HARDWARE for the inventory sync.
   */
  async computers(filter: string | null, page = 0, sections: readonly string[] = []) {
    const params = inventoryParams(sections, page, this.pageSize, 'id:asc', filter);
    return ComputerPage.parse(await this.call('GET', `/api/v1/computers-inventory?${params}`));
  }

  /** One page (from 0) of `GET /api/v2/mobile-devices/detail`, filtered (RSQL) or not. */
  async mobileDevices(filter: string | null, page = 0, sections: readonly string[] = []) {
    const params = inventoryParams(sections, page, this.pageSize, 'mobileDeviceId:asc', filter);
    return MobileDevicePage.parse(await this.call('GET', `/api/v2/mobile-devices/detail?${params}`));
  }

  /**
   * One page of the inventory: the computers' pages, then the mobile devices' (cursor `computer:<n>` or
   * `mobile:<n>`, none for the first). Unmanaged records (a re-enrolled Mac's old one) are left out.
   */
  async inventoryPage(cursor: string | null): Promise<MdmInventoryPage> {
    const [kind, at] = (cursor ?? 'computer:0').split(':');
    const page = Number(at) || 0;
    if (kind === 'computer') {
      const answer = await this.computers(null, page, ['OPERATING_SYSTEM', 'DISK_ENCRYPTION']);
      const last = (page + 1) * this.pageSize >= answer.totalCount || answer.results.length === 0;
      return {
        devices: answer.results
          .filter((c) => c.general?.remoteManagement?.managed !== false)
          .map(inventoryOfComputer),
        next: last ? 'mobile:0' : `computer:${page + 1}`,
      };
    }
    const answer = await this.mobileDevices(null, page, ['SECURITY']);
    const last = (page + 1) * this.pageSize >= answer.totalCount || answer.results.length === 0;
    return {
      devices: answer.results.filter((d) => d.general?.managed !== false).map(inventoryOfMobileDevice),
      next: last ? null : `mobile:${page + 1}`,
    };
  }

  /**
   * The managed record of a device by serial number (or, without one, by name), reading page after page:
   * Jamf keeps a re-enrolled machine's old, unmanaged record beside the new one, and RSQL's `==` ignores
   * case, so the record that takes commands may be on any page. Null when none does.
   */
  async findRecord(
    kind: JamfRecord['kind'],
    key: { serialNumber: string | null; name: string },
  ): Promise<JamfRecord | null> {
    const filter =
      kind === 'computer'
        ? key.serialNumber
          ? `hardware.serialNumber==${rsql(key.serialNumber)}`
          : `general.name==${rsql(key.name)}`
        : key.serialNumber
          ? `serialNumber==${rsql(key.serialNumber)}`
          : `displayName==${rsql(key.name)}`;
    for (let page = 0; page < MAX_PAGES; page++) {
      const { totalCount, records } =
        kind === 'computer'
          ? this.computerRecords(await this.computers(filter, page))
          : this.mobileRecords(await this.mobileDevices(filter, page));
      const match = records.find(
        ({ record, managed }) =>
          managed &&
          record.managementId !== '' &&
          (key.serialNumber ? record.serialNumber === key.serialNumber : record.name === key.name),
      );
      if (match) return match.record;
      // The last page: `totalCount` says so (and a short page, should a server cap the page size).
      if ((page + 1) * this.pageSize >= totalCount || records.length === 0) return null;
    }
    throw new Error(`More than ${MAX_PAGES * this.pageSize} Jamf records match the device`);
  }

  /**
   * The managed record with this id (the inventory sync's), by an RSQL filter on the id (`id` for
   * computers, `mobileDeviceId` for mobile devices). Null when there is none or it is no longer managed.
   */
  async recordById(kind: JamfRecord['kind'], id: string): Promise<JamfRecord | null> {
    const { records } =
      kind === 'computer'
        ? this.computerRecords(await this.computers(`id==${rsql(id)}`))
        : this.mobileRecords(await this.mobileDevices(`mobileDeviceId==${rsql(id)}`));
    const found = records.find(
      ({ record, managed }) => record.id === id && managed && record.managementId !== '',
    );
    return found?.record ?? null;
  }

  private computerRecords(page: z.infer<typeof ComputerPage>) {
    return {
      totalCount: page.totalCount,
      records: page.results.map((c) => ({
        record: {
          kind: 'computer',
          id: c.id,
          managementId: c.general?.managementId ?? '',
          serialNumber: c.hardware?.serialNumber ?? null,
          name: c.general?.name ?? null,
        } satisfies JamfRecord,
        managed: c.general?.remoteManagement?.managed !== false,
      })),
    };
  }

  private mobileRecords(page: z.infer<typeof MobileDevicePage>) {
    return {
      totalCount: page.totalCount,
      records: page.results.map((d) => ({
        record: {
          kind: 'mobile',
          id: d.mobileDeviceId,
          managementId: d.general?.managementId ?? '',
          serialNumber: d.hardware?.serialNumber ?? null,
          name: d.general?.displayName ?? null,
        } satisfies JamfRecord,
        managed: d.general?.managed !== false,
      })),
    };
  }

  /** `POST /api/v2/mdm/commands` for one device: the command's id. */
  async sendCommand(managementId: string, commandData: Record<string, unknown>): Promise<string> {
    const answer = SentAnswer.parse(
      await this.call('POST', '/api/v2/mdm/commands', {
        clientData: [{ managementId }],
        commandData,
      }),
    );
    return answer[0]!.id;
  }

  /** The applications Jamf inventoried on a computer or mobile device (by its Jamf id). */
  async applications(record: Pick<JamfRecord, 'kind' | 'id'>): Promise<ReportedSoftware[]> {
    const id = encodeURIComponent(record.id);
    if (record.kind === 'computer') {
      const { applications } = ComputerApplications.parse(
        await this.call('GET', `/api/v1/computers-inventory/${id}?section=APPLICATIONS`),
      );
      return (applications ?? []).map((a) => ({
        name: a.name.replace(/\.app$/, ''),
        version: a.version ?? null,
        bundleId: a.bundleId ?? null,
        packageId: null,
        path: a.path ?? null,
      }));
    }
    const { applications } = MobileApplications.parse(
      await this.call('GET', `/api/v2/mobile-devices/${id}/detail`),
    );
    return (applications ?? []).map((a) => ({
      name: a.name,
      version: a.shortVersion ?? a.version ?? null,
      bundleId: a.identifier ?? null,
      packageId: null,
      path: null,
    }));
  }

  /**
   * The organisation's VPP app with this bundle id (Classic API, by bundle id), with its scope; null when
   * Jamf has none (404).
   */
  async vppApp(kind: JamfRecord['kind'], bundleId: string): Promise<JamfVppApp | null> {
    const resource = kind === 'computer' ? 'macapplications' : 'mobiledeviceapplications';
    let body: unknown;
    try {
      body = await this.call('GET', `/JSSResource/${resource}/bundleid/${encodeURIComponent(bundleId)}`);
    } catch (error) {
      if (error instanceof JamfApiError && error.status === 404) return null;
      throw error;
    }
    const app = (general: z.infer<typeof VppGeneral>, scope: string[]): JamfVppApp => ({
      id: general.id,
      name: general.name,
      scope,
      selfService: general.deployment_type === JAMF_SELF_SERVICE_DEPLOYMENT,
    });
    if (kind === 'computer') {
      const { general, scope } = MacVppApp.parse(body).mac_application;
      return app(
        general,
        (scope?.computers ?? []).map((c) => c.id),
      );
    }
    const { general, scope } = MobileVppApp.parse(body).mobile_device_application;
    return app(
      general,
      (scope?.mobile_devices ?? []).map((d) => d.id),
    );
  }

  /**
   * Sets the VPP app's device scope (`PUT /JSSResource/macapplications/id/{id}` or
   * `/mobiledeviceapplications/id/{id}` with the scope's devices in XML; the Classic API updates only the
   * fields the body names): a device added gets the app assigned and installed, one removed loses it.
   */
  async setVppScope(kind: JamfRecord['kind'], appId: number, ids: readonly string[]): Promise<void> {
    const [resource, root, list, item] =
      kind === 'computer'
        ? ['macapplications', 'mac_application', 'computers', 'computer']
        : ['mobiledeviceapplications', 'mobile_device_application', 'mobile_devices', 'mobile_device'];
    const entries = ids.map((id) => `<${item}><id>${Number(id)}</id></${item}>`).join('');
    const xml = `<${root}><scope><${list}>${entries}</${list}></scope></${root}>`;
    await this.call('PUT', `/JSSResource/${resource}/id/${appId}`, undefined, xml);
  }

  /**
   * Adds the device to the VPP app's scope (an install) or takes it out (an uninstall), if it is not so
   * already. The Classic API takes the scope whole, so this reads it, changes it and writes it back;
   * changes of one app's scope from this process go one after another (decision 030), or two installs
   * at once would each write the scope without the other's device. Answers whether it wrote.
   */
  async changeVppScope(
    kind: JamfRecord['kind'],
    bundleId: string,
    deviceId: string,
    member: boolean,
    /** Only an app of this deployment (self service or not) is changed; others are answered unwritten. */
    onlyIf?: { selfService: boolean },
  ): Promise<{ app: JamfVppApp | null; written: boolean }> {
    return inTurn(`${this.base} ${kind} ${bundleId.toLowerCase()}`, async () => {
      const app = await this.vppApp(kind, bundleId);
      if (!app || app.scope.includes(deviceId) === member) return { app, written: false };
      if (onlyIf && app.selfService !== onlyIf.selfService) return { app, written: false };
      const scope = member ? [...app.scope, deviceId] : app.scope.filter((id) => id !== deviceId);
      await this.setVppScope(kind, app.id, scope);
      return { app, written: true };
    });
  }

  /** `GET /api/v2/mdm/commands?filter=…` (RSQL over uuid, clientManagementId, command, dateSent, …). */
  async commands(filter: string): Promise<JamfCommand[]> {
    const params = new URLSearchParams({ page: '0', 'page-size': '100', sort: 'dateSent:desc', filter });
    return CommandPage.parse(await this.call('GET', `/api/v2/mdm/commands?${params}`)).results;
  }

  /** A command by its id, or null when Jamf has no record of it. */
  async command(uuid: string): Promise<JamfCommand | null> {
    return (await this.commands(`uuid==${rsql(uuid)}`)).find((c) => c.uuid === uuid) ?? null;
  }

  /** An authenticated request; a 401 (the token revoked or expired early) asks for a new token once. */
  private async call(method: string, path: string, json?: unknown, xml?: string): Promise<unknown> {
    const options = {
      ...(json === undefined ? {} : { body: JSON.stringify(json), contentType: 'application/json' }),
      ...(xml === undefined ? {} : { body: xml, contentType: 'application/xml' }),
    };
    try {
      return await this.request(method, path, { ...options, token: await this.accessToken() });
    } catch (error) {
      if (!(error instanceof JamfApiError) || error.status !== 401 || error.duringToken) throw error;
      this.token = null;
      return this.request(method, path, { ...options, token: await this.accessToken() });
    }
  }

  private async request(
    method: string,
    path: string,
    options: { body?: string; contentType?: string; token?: string; duringToken?: boolean },
  ): Promise<unknown> {
    const response = await this.fetcher(`${this.base}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(options.contentType ? { 'content-type': options.contentType } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      ...(options.body === undefined ? {} : { body: options.body }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (response.status === 204) return null;
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!response.ok) throw jamfError(response, body, options.duringToken ?? false);
    return body;
  }
}

function jamfError(response: Response, body: unknown, duringToken: boolean): JamfApiError {
  const retryAt = retryAfterOf(response.headers.get('retry-after'));
  const oauth = OAuthErrorBody.safeParse(body);
  const api = JamfErrorBody.safeParse(body);
  const described =
    oauth.success && duringToken
      ? (oauth.data.error_description ?? oauth.data.error)
      : api.success
        ? (api.data.errors ?? [])
            .map((e) => [e.field, e.description ?? e.code].filter(Boolean).join(': '))
            .filter(Boolean)
            .join('; ')
        : '';
  return new JamfApiError(
    response.status,
    described || `Jamf Pro answered ${response.status}`,
    retryAt,
    duringToken,
  );
}

/** A 6-digit PIN: a Mac locked by DEVICE_LOCK (or erased) asks for it to be unlocked. */
const newPin = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Jamf's `commandType` of an action on a computer or mobile device. An iPhone or iPad is unlocked by
 * ending lost mode (a passcode lock is undone on the device); a Mac has no unlock command: the PIN shown
 * with its lock is typed on it.
 */
function commandTypeOf(action: DeviceAction, kind: JamfRecord['kind']): string {
  switch (action) {
    case 'lock':
      return 'DEVICE_LOCK';
    case 'wipe':
    case 'reset':
      return 'ERASE_DEVICE';
    case 'restart':
      return 'RESTART_DEVICE';
    case 'shutdown':
      return 'SHUT_DOWN_DEVICE';
    case 'enable_lost_mode':
      if (kind !== 'mobile') throw new MdmCommandRejected('Lost mode is for iPhones and iPads');
      return 'ENABLE_LOST_MODE';
    case 'unlock':
      if (kind !== 'mobile')
        throw new MdmCommandRejected(
          'Jamf Pro has no unlock command for a Mac: type the PIN shown with the lock on the Mac',
        );
      return 'DISABLE_LOST_MODE';
  }
}

/** The message an iPhone or iPad in lost mode shows (Jamf requires a message or a phone number). */
/** A VPP assignment is kept as `vpp:<kind>:<Jamf id>:<bundle id>`. */
const VPP_PREFIX = 'vpp:';

export const LOST_MODE_MESSAGE = 'This device is managed by your organisation and was reported lost.';

/** The Jamf Pro adapter: a Mac is a computer record, an iPhone or iPad a mobile device, found by serial. */
export class JamfMdmAdapter implements MdmAdapter {
  readonly provider = 'JAMF' as const;
  readonly kind = 'jamf' as const;
  readonly readsInstalledSoftware = true;
  /** An offline laptop reports when it is next online: wait three days before giving up. */
  readonly reportTimeoutMs = 3 * 24 * 3600_000;

  constructor(
    private readonly client: JamfClient,
    readonly checkIntervalMs = 30_000,
  ) {}

  async send(device: MdmDevice, action: DeviceAction): Promise<SentCommand> {
    const record = await this.guard('read', () => this.findRecord(device));
    const commandType = commandTypeOf(action, record.kind);
    // A Mac is locked with a PIN (required), and erased with one (Macs without Apple silicon or a T2
    // chip ask for it at start-up): the drawer shows it.
    const pin =
      record.kind === 'computer' && commandType !== 'RESTART_DEVICE' && commandType !== 'SHUT_DOWN_DEVICE'
        ? newPin()
        : null;
    const commandData: Record<string, unknown> = { commandType };
    if (pin) commandData.pin = pin;
    if (commandType === 'ENABLE_LOST_MODE') commandData.lostModeMessage = LOST_MODE_MESSAGE;
    if (commandType === 'RESTART_DEVICE' && record.kind === 'computer') commandData.notifyUser = true;
    const id = await this.guard('command', () => this.client.sendCommand(record.managementId, commandData));
    return { providerCommandId: id, ...(pin ? { unlockPin: pin } : {}) };
  }

  /**
   * Jamf keeps every command sent to a device (pending until the device acknowledges it): one of this
   * type sent to the device since the try started means the command arrived.
   */
  async findSent(device: MdmDevice, action: DeviceAction, attemptedAt: Date): Promise<SentCommand | null> {
    const record = await this.guard('read', () => this.findRecord(device));
    const commandType = commandTypeOf(action, record.kind);
    // A minute's margin: Jamf's dateSent and Equip's clock are different clocks.
    const since = new Date(attemptedAt.getTime() - 60_000).toISOString();
    const found = await this.guard('read', () =>
      this.client.commands(
        `clientManagementId==${rsql(record.managementId)};command==${commandType};dateSent=ge=${since}`,
      ),
    );
    const sent = found.find((c) => (c.commandType ?? commandType) === commandType);
    return sent ? { providerCommandId: sent.uuid } : null;
  }

  /**
   * Jamf Pro installs an App Store app bought through Apple's volume purchasing by its VPP assignment
   * (decision 030): the device is added to the app's scope (Classic API), and Jamf assigns a device
   * licence and installs it; an uninstall takes the device out of the scope. Kept as
   * `vpp:<kind>:<Jamf id>:<bundle id>`; the device's inventory then tells whether it is there.
   */
  async sendSoftware(device: MdmDevice, command: MdmSoftwareCommand): Promise<SentCommand> {
    const record = await this.guard('read', () => this.findRecord(device));
    const { application } = command;
    const bundleId =
      record.kind === 'computer'
        ? application.macApplicationId
        : (application.iosApplicationId ?? application.ipadApplicationId);
    if (!bundleId)
      throw new MdmCommandRejected(`The catalog has no bundle id of ${application.name} for Jamf Pro`);
    const install = command.action === 'install_software';
    const { app } = await this.guard('command', () =>
      this.client.changeVppScope(record.kind, bundleId, record.id, install),
    );
    if (!app)
      throw new MdmCommandRejected(
        `Jamf Pro has no App Store app ${application.name} (${bundleId}) to assign`,
      );
    return { providerCommandId: `${VPP_PREFIX}${record.kind}:${record.id}:${bundleId}` };
  }

  /**
   * Jamf Pro offers an App Store app in Self Service to the devices of its scope when the app's
   * deployment type is "Make Available in Self Service" (the Classic API's `general.deployment_type`;
   * Jamf Pro's documentation, "Self Service for macOS / iOS": an app made available there appears in
   * Self Service of every device in its scope): an offer adds the device to that app's scope, a
   * withdrawal takes it out. The deployment type is the whole app's: an app Jamf installs automatically
   * cannot also be offered, and the offer is refused saying so; its scope is the installs', which a
   * withdrawal leaves alone.
   */
  async offerSoftware(device: MdmDevice, command: MdmOfferCommand): Promise<void> {
    const record = await this.guard('read', () => this.findRecord(device));
    const { application } = command;
    const bundleId =
      record.kind === 'computer'
        ? application.macApplicationId
        : (application.iosApplicationId ?? application.ipadApplicationId);
    if (!bundleId)
      throw new MdmCommandRejected(`The catalog has no bundle id of ${application.name} for Jamf Pro`);
    const { app } = await this.guard('command', () =>
      this.client.changeVppScope(record.kind, bundleId, record.id, command.offered, { selfService: true }),
    );
    if (!app)
      throw new MdmCommandRejected(
        `Jamf Pro has no App Store app ${application.name} (${bundleId}) to offer`,
      );
    if (command.offered && !app.selfService)
      throw new MdmCommandRejected(
        `Jamf Pro installs ${application.name} automatically for its whole scope; to offer it, set its distribution to "${JAMF_SELF_SERVICE_DEPLOYMENT}"`,
      );
  }

  /** Whether the device's inventory has the app (an install) or no longer has it (an uninstall). */
  async softwareResult(
    _device: MdmDevice,
    command: MdmSoftwareCommand,
    sent: SentCommand & { sentAt: Date },
  ): Promise<CommandResult> {
    const [kind, id, ...rest] = sent.providerCommandId.slice(VPP_PREFIX.length).split(':');
    const assigned = rest.join(':');
    const bundleId = assigned.toLowerCase();
    const record = { kind: kind === 'computer' ? ('computer' as const) : ('mobile' as const), id: id ?? '' };
    const apps = await this.guard('read', () => this.client.applications(record));
    const install = command.action === 'install_software';
    const present = apps.some((a) => a.bundleId?.toLowerCase() === bundleId);
    if (present === install) return { state: 'completed', mdmStatus: null };
    // Not there yet: the scope must still say what was asked. Another writer of the scope (Jamf's own
    // console, a second Equip worker) may have written it without this device: it is put back.
    await this.guard('command', () => this.client.changeVppScope(record.kind, assigned, record.id, install));
    return { state: 'pending' };
  }

  /** A Mac's APPLICATIONS inventory section, an iPhone's or iPad's applications (decision 026). */
  async installedSoftware(device: MdmDevice): Promise<ReportedSoftware[]> {
    // The inventory sync knows the record's id (a computer's for a Mac, a mobile device's otherwise).
    const known = device.mdmId
      ? { kind: device.os === 'MACOS' ? ('computer' as const) : ('mobile' as const), id: device.mdmId }
      : null;
    const record = known ?? (await this.guard('read', () => this.findRecord(device)));
    const found = await this.guard('read', () => this.client.applications(record));
    return tidySoftware(found);
  }

  async result(
    _device: MdmDevice,
    action: DeviceAction,
    sent: SentCommand & { sentAt: Date },
  ): Promise<CommandResult> {
    const command = await this.guard('read', () => this.client.command(sent.providerCommandId));
    const state = (command?.commandState ?? command?.status ?? '').toUpperCase().replace(/\s+/g, '_');
    if (state === 'ACKNOWLEDGED') return { state: 'completed', mdmStatus: reportedStatusOf(action) };
    if (state === 'ERROR')
      return {
        state: 'failed',
        error: `Jamf Pro: the device answered the ${command?.commandType ?? 'command'} with an error`,
      };
    return { state: 'pending' };
  }

  /** Computers, then mobile devices, a page at a time (`JamfClient.inventoryPage`). */
  async inventory(cursor: string | null): Promise<MdmInventoryPage> {
    return this.guard('read', () => this.client.inventoryPage(cursor));
  }

  private async findRecord(device: MdmDevice): Promise<JamfRecord> {
    const kind = device.os === 'MACOS' ? 'computer' : device.os === 'IOS' ? 'mobile' : null;
    if (!kind) throw new MdmCommandRejected(`Jamf Pro manages Macs, iPhones and iPads, not ${device.os}`);
    const key = { serialNumber: device.serialNumber?.trim() || null, name: device.name };
    // The stored id's record while it is still the device's (the same serial number); else the search.
    const stored = device.mdmId ? await this.client.recordById(kind, device.mdmId) : null;
    if (stored && (!key.serialNumber || stored.serialNumber === key.serialNumber)) return stored;
    const record = await this.client.findRecord(kind, key);
    if (!record)
      throw new MdmCommandRejected(
        `No managed Jamf Pro ${kind === 'computer' ? 'computer' : 'mobile device'} matches the device (${key.serialNumber ?? key.name})`,
      );
    return record;
  }

  /**
   * Jamf's refusals that will not change on a retry become MdmCommandRejected; a rate limit, a server
   * error, no answer in time or no connection become MdmUnavailable (with `Retry-After`). A failure while
   * reading never reached Jamf's command queue; one of the command request did not when Jamf refused it
   * unread (429) or the connection was refused.
   */
  private async guard<T>(phase: 'read' | 'command', work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof JamfApiError) {
        const what = `Jamf Pro ${error.status}${error.duringToken ? ' (token)' : ''}: ${error.message}`;
        if (!error.retryable) throw new MdmCommandRejected(what);
        throw new MdmUnavailable(
          what,
          error.retryAt,
          phase === 'read' || error.duringToken || error.status === 429,
          {
            cause: error,
          },
        );
      }
      const name = (error as { name?: unknown } | null)?.name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new MdmUnavailable(
          `Jamf Pro did not answer within ${seconds(this.client.timeoutMs)}`,
          null,
          phase === 'read',
          { cause: error },
        );
      if (error instanceof TypeError) {
        const code = String((error.cause as { code?: unknown } | undefined)?.code ?? '');
        throw new MdmUnavailable(
          `Could not reach Jamf Pro${code ? ` (${code})` : ''}: ${error.message}`,
          null,
          phase === 'read' || code === 'ECONNREFUSED',
          { cause: error },
        );
      }
      throw error;
    }
  }
}

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

/** FileVault's states that mean the boot disk is (being made) encrypted, or not. */
const ENCRYPTED_STATES = new Set(['ENCRYPTED', 'ENCRYPTING', 'ENCRYPTING_PAUSED', 'OPTIMIZING']);
const UNENCRYPTED_STATES = new Set([
  'UNENCRYPTED',
  'DECRYPTED',
  'DECRYPTING',
  'DECRYPTING_PAUSED',
  'INELIGIBLE',
]);

/** A managed Jamf computer in Equip's terms (a Mac: its record is in Jamf's management, so enrolled). */
function inventoryOfComputer(c: z.infer<typeof JamfComputer>): MdmInventoryDevice {
  const model = textOf(c.hardware?.model);
  const fileVault = c.diskEncryption?.bootPartitionEncryptionDetails?.partitionFileVault2State ?? '';
  return {
    mdmId: c.id,
    serialNumber: textOf(c.hardware?.serialNumber),
    name: textOf(c.general?.name) ?? `Mac ${c.id}`,
    type: typeOfDevice('MACOS', model),
    os: 'MACOS',
    osVersion: textOf(c.operatingSystem?.version),
    model,
    manufacturer: textOf(c.hardware?.make) ?? 'Apple',
    enrollmentState: 'ENROLLED',
    encrypted: ENCRYPTED_STATES.has(fileVault) ? true : UNENCRYPTED_STATES.has(fileVault) ? false : null,
    lastSeenAt: instantOf(c.general?.lastContactTime),
  };
}

/** A managed Jamf mobile device in Equip's terms: an iPhone, or an iPad (a tablet) by its model. */
function inventoryOfMobileDevice(d: z.infer<typeof JamfMobileDevice>): MdmInventoryDevice {
  const model = textOf(d.hardware?.model);
  const os = osOfPlatform(d.deviceType ?? 'iOS');
  return {
    mdmId: d.mobileDeviceId,
    serialNumber: textOf(d.hardware?.serialNumber),
    name: textOf(d.general?.displayName) ?? `Device ${d.mobileDeviceId}`,
    type: typeOfDevice(os, model),
    os,
    osVersion: textOf(d.general?.osVersion),
    model,
    manufacturer: 'Apple',
    enrollmentState: 'ENROLLED',
    encrypted: d.security?.dataProtected ?? null,
    lastSeenAt: instantOf(d.general?.lastInventoryUpdateDate),
  };
}
