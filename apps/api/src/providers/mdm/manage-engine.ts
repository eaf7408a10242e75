import { type ReportedSoftware, tidySoftware } from '@equip/domain/device-software';
import { type DeviceAction, reportedStatusOf } from '@equip/domain/mdm';
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
import { comparableName, instantOf, osOfPlatform, textOf, typeOfDevice } from './inventory.ts';

/**
 * A client of ManageEngine MDM's REST API (Mobile Device Manager Plus / Endpoint Central, on-premises;
 * the shapes and where each came from are listed in apps/api/src/test/manage-engine-fake.ts, "SOURCES"):
 * the API key in the `Authorization` header (no scheme), `GET /api/v1/mdm/devices` paged by
 * `offset`/`limit` (to find a device's `device_id` by serial number), `GET /api/v1/mdm/devices/{id}`,
 * `POST /api/v1/mdm/devices/{id}/actions/{action}` and the action's status
 * (`GET /api/v1/mdm/devices/{id}/actions/{action}`). No official npm client exists; this is a small typed
 * one that parses every answer with zod.
 */

/** ManageEngine's error body: `{ error_code, error_description }` (older servers: `{ code, message }`). */
const ManageEngineErrorBody = z
  .object({
    error_code: z.union([z.string(), z.number()]),
    error_description: z.string(),
    code: z.union([z.string(), z.number()]),
    message: z.string(),
  })
  .partial();

export class ManageEngineApiError extends Error {
  override name = 'ManageEngineApiError';
  constructor(
    readonly status: number,
    message: string,
    /** When `retry-after` (a 429 or 503) allows the next request. */
    readonly retryAt: Date | null,
  ) {
    super(message);
  }
  get retryable(): boolean {
    return this.status === 429 || this.status >= 500;
  }
}

/** IDs are 64-bit numbers in the documented examples (beyond a double's precision): kept as text. */
const Id = z.union([z.string(), z.number()]).transform(String);

/** A device of `GET /api/v1/mdm/devices` and `GET /api/v1/mdm/devices/{device_id}`. */
const ManageEngineDevice = z.object({
  device_id: Id,
  device_name: z.string().nullish(),
  serial_number: z.string().nullish(),
  platform_type: z.string().nullish(),
  udid: z.string().nullish(),
  is_lost_mode_enabled: z.union([z.boolean(), z.string()]).nullish(),
  is_removed: z.union([z.boolean(), z.string()]).nullish(),
  os_version: z.string().nullish(),
  /** The model's code (`iPhone15,2`, `SM-G935F`); `product_name` its name (`iPhone`, `samsung`). */
  model: z.string().nullish(),
  product_name: z.string().nullish(),
  /** When the device last contacted the server: epoch milliseconds, as a number or text. */
  last_contact_time: z.union([z.string(), z.number()]).nullish(),
});
export type ManageEngineDevice = z.infer<typeof ManageEngineDevice>;
const DevicePage = z.object({
  devices: z.array(ManageEngineDevice),
  metadata: z.object({ total_record_count: z.coerce.number().int() }).partial().nullish(),
  paging: z.object({ next: z.string().nullish() }).partial().nullish(),
});

/**
 * An action's (or the recent command's) status: `status_code` 0 failed, 1 initiated, 2 success, 4 in
 * progress; `status_description` in words, `command_name` the action.
 */
const ActionStatus = z.object({
  status_code: z.coerce.number().int(),
  status_description: z.string().nullish(),
  command_name: z.string().nullish(),
  remarks: z.string().nullish(),
});
export type ManageEngineActionStatus = z.infer<typeof ActionStatus>;
export const ME_STATUS = { failed: 0, initiated: 1, success: 2, inProgress: 4 } as const;

/** An app of the repository (`GET /api/v1/mdm/apps`): platform_type 1 iOS (Apple), 2 Android, 3 Windows. */
const ManageEngineApp = z.object({
  app_id: Id,
  app_name: z.string(),
  platform_type: z.coerce.number().int().nullish(),
});
const AppPage = z.object({
  apps: z.array(ManageEngineApp).nullish(),
  metadata: z.object({ total_record_count: z.coerce.number().int() }).partial().nullish(),
  paging: z.object({ next: z.string().nullish() }).partial().nullish(),
});
/**
 * An app on a device (`GET /api/v1/mdm/devices/{device_id}/apps`, "Get device app list", paged like every
 * list): one distributed to it with its install status, or one the device reports installed, with
 * the documented `app_name` and `version` (decision 026's addendum: no identifier is documented).
 */
const DeviceApp = z.object({
  app_id: Id,
  app_name: z.string().nullish(),
  version: z.string().nullish(),
  status: z.string().nullish(),
});
const DeviceApps = z.object({
  apps: z.array(DeviceApp).nullish(),
  metadata: z.object({ total_record_count: z.coerce.number().int() }).partial().nullish(),
  paging: z.object({ next: z.string().nullish() }).partial().nullish(),
});
export type ManageEngineDeviceApp = z.infer<typeof DeviceApp>;

export interface ManageEngineCredentials {
  baseUrl: string;
  apiToken: string;
}

/** Devices per page of a search (ManageEngine's default is 50), and how many pages a search may read. */
export const MANAGE_ENGINE_PAGE_SIZE = 50;
const MAX_PAGES = 200;

export class ManageEngineClient {
  private readonly base: string;

  constructor(
    private readonly credentials: ManageEngineCredentials,
    private readonly fetcher: typeof fetch = fetch,
    /** How long a request may take to be answered (then it is aborted). */
    readonly timeoutMs = 15_000,
    readonly pageSize = MANAGE_ENGINE_PAGE_SIZE,
  ) {
    this.base = credentials.baseUrl.replace(/\/+$/, '');
  }

  /**
   * Whether the address is a ManageEngine MDM server that accepts the API key: the first device of the
   * list. ManageEngineApiError (401/403) for a refused key, a ZodError for another server's answer.
   */
  async checkConnection(): Promise<{ devices: number | null }> {
    const page = await this.devices('', 0, 1);
    return { devices: page.metadata?.total_record_count ?? null };
  }

  /** One page of `GET /api/v1/mdm/devices?search=…&offset=…&limit=…`. */
  async devices(search: string, offset = 0, limit = this.pageSize) {
    const params = new URLSearchParams({ offset: String(offset), limit: String(limit) });
    if (search) params.set('search', search);
    return DevicePage.parse(await this.request('GET', `/api/v1/mdm/devices?${params}`));
  }

  /** `GET /api/v1/mdm/devices/{device_id}`. */
  async device(deviceId: string): Promise<ManageEngineDevice> {
    return ManageEngineDevice.parse(
      await this.request('GET', `/api/v1/mdm/devices/${encodeURIComponent(deviceId)}`),
    );
  }

  /**
   * The managed device with exactly this serial number (or, without one, this name), reading page after
   * page: `search` matches part of names and serials, so the device may be on any page. Null when none.
   */
  async findDevice(key: { serialNumber: string | null; name: string }): Promise<ManageEngineDevice | null> {
    const search = key.serialNumber ?? key.name;
    for (let page = 0; page < MAX_PAGES; page++) {
      const offset = page * this.pageSize;
      const answer = await this.devices(search, offset);
      const match = answer.devices.find(
        (d) =>
          !truthy(d.is_removed) &&
          (key.serialNumber ? d.serial_number === key.serialNumber : d.device_name === key.name),
      );
      if (match) return match;
      const total = answer.metadata?.total_record_count;
      const last =
        answer.devices.length === 0 ||
        (total !== undefined ? offset + answer.devices.length >= total : !answer.paging?.next);
      if (last) return null;
    }
    throw new Error(`More than ${MAX_PAGES * this.pageSize} ManageEngine devices match the device`);
  }

  /**
   * The repository's app for which `matches` holds, reading page after page of `GET /api/v1/mdm/apps`
   * (offset and limit); null when none does.
   */
  async findApp(matches: (app: z.infer<typeof ManageEngineApp>) => boolean) {
    for (let page = 0; page < MAX_PAGES; page++) {
      const offset = page * this.pageSize;
      const params = new URLSearchParams({ offset: String(offset), limit: String(this.pageSize) });
      const answer = AppPage.parse(await this.request('GET', `/api/v1/mdm/apps?${params}`));
      const apps = answer.apps ?? [];
      const found = apps.find(matches);
      if (found) return found;
      const total = answer.metadata?.total_record_count;
      if (apps.length === 0 || (total !== undefined ? offset + apps.length >= total : !answer.paging?.next))
        return null;
    }
    return null;
  }

  /**
   * `GET /api/v1/mdm/devices/{device_id}/apps`, page after page (offset and limit): the apps on the
   * device, those distributed to it with their status.
   */
  async deviceApps(deviceId: string): Promise<ManageEngineDeviceApp[]> {
    const path = `/api/v1/mdm/devices/${encodeURIComponent(deviceId)}/apps`;
    const all: ManageEngineDeviceApp[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const offset = page * this.pageSize;
      const params = new URLSearchParams({ offset: String(offset), limit: String(this.pageSize) });
      const answer = DeviceApps.parse(await this.request('GET', `${path}?${params}`));
      const apps = answer.apps ?? [];
      all.push(...apps);
      const total = answer.metadata?.total_record_count;
      if (apps.length === 0 || (total !== undefined ? offset + apps.length >= total : !answer.paging?.next))
        break;
    }
    return all;
  }

  /**
   * Distributes an app of the repository to the device, installed silently (`POST
   * /api/v1/mdm/devices/{device_id}/apps`), or takes it back, which removes it (`DELETE`).
   */
  async distributeApp(deviceId: string, appId: string, install: boolean, silent = true): Promise<void> {
    const path = `/api/v1/mdm/devices/${encodeURIComponent(deviceId)}/apps`;
    const ids = [Number.isSafeInteger(Number(appId)) ? Number(appId) : appId];
    if (install)
      await this.request('POST', path, {
        app_ids: ids,
        silent_install: silent,
        notify_user_via_email: false,
      });
    else await this.request('DELETE', path, { app_ids: ids });
  }

  /** `POST /api/v1/mdm/devices/{device_id}/actions/{action}` with the action's body. */
  async sendAction(deviceId: string, action: string, body: Record<string, unknown> = {}): Promise<void> {
    await this.request('POST', `/api/v1/mdm/devices/${encodeURIComponent(deviceId)}/actions/${action}`, body);
  }

  /** `GET /api/v1/mdm/devices/{device_id}/actions/{action}`: the last such command's status. */
  async actionStatus(deviceId: string, action: string): Promise<ManageEngineActionStatus> {
    return ActionStatus.parse(
      await this.request('GET', `/api/v1/mdm/devices/${encodeURIComponent(deviceId)}/actions/${action}`),
    );
  }

  private async request(method: string, path: string, json?: unknown): Promise<unknown> {
    const response = await this.fetcher(`${this.base}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        // ManageEngine's documented header for an on-premises API key: the key alone, no scheme.
        authorization: this.credentials.apiToken,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
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
    if (!response.ok) {
      const parsed = ManageEngineErrorBody.safeParse(body);
      const described = parsed.success
        ? [parsed.data.error_code ?? parsed.data.code, parsed.data.error_description ?? parsed.data.message]
            .filter((p) => p !== undefined && p !== '')
            .join(': ')
        : '';
      throw new ManageEngineApiError(
        response.status,
        described || `ManageEngine answered ${response.status}`,
        retryAfterOf(response.headers.get('retry-after')),
      );
    }
    return body;
  }
}

const truthy = (value: boolean | string | null | undefined) => value === true || value === 'true';

/**
 * ManageEngine's action of an Equip action: `lock`, `restart`, `shutdown`, `complete_wipe` (wipe and
 * reset), `enable_lost_mode`, `disable_lost_mode` (unlock ends lost mode; a passcode lock is undone on the
 * device). Lost mode is Apple's and Android's; ManageEngine refuses it elsewhere.
 */
export function manageEngineActionOf(action: DeviceAction): string {
  switch (action) {
    case 'lock':
      return 'lock';
    case 'restart':
      return 'restart';
    case 'shutdown':
      return 'shutdown';
    case 'wipe':
    case 'reset':
      return 'complete_wipe';
    case 'enable_lost_mode':
      return 'enable_lost_mode';
    case 'unlock':
      return 'disable_lost_mode';
  }
}

/** The message a device in lost mode or locked shows. */
export const ME_LOCK_MESSAGE = 'This device is managed by your organisation and was reported lost.';

/**
 * The ManageEngine MDM adapter: the device found by serial number, the action sent to its `device_id`,
 * and its status read until ManageEngine reports it done. The provider command id is
 * `<device_id>:<action>`: ManageEngine answers no command id, and an action's status is the last of its
 * kind on the device.
 */
export class ManageEngineMdmAdapter implements MdmAdapter {
  readonly provider = 'MANAGE_ENGINE' as const;
  readonly kind = 'manage-engine' as const;
  /** Not read from ManageEngine yet (decision 026). */
  readonly readsInstalledSoftware = true;
  /** An offline laptop reports when it is next online: wait three days before giving up. */
  readonly reportTimeoutMs = 3 * 24 * 3600_000;

  constructor(
    private readonly client: ManageEngineClient,
    readonly checkIntervalMs = 30_000,
  ) {}

  async send(device: MdmDevice, action: DeviceAction): Promise<SentCommand> {
    const found = await this.guard('read', () => this.findDevice(device));
    const meAction = manageEngineActionOf(action);
    const body: Record<string, unknown> =
      meAction === 'enable_lost_mode' || meAction === 'lock' ? { lock_message: ME_LOCK_MESSAGE } : {};
    await this.guard('command', () => this.client.sendAction(found.device_id, meAction, body));
    return { providerCommandId: `${found.device_id}:${meAction}` };
  }

  /**
   * ManageEngine keeps the last command of each action on a device with its status: one initiated, in
   * progress or done means the command arrived (its time is not answered: an older one of the same kind
   * counts too, and the command is then not sent again — the safe side for a lock or wipe).
   */
  async findSent(device: MdmDevice, action: DeviceAction, _attemptedAt: Date): Promise<SentCommand | null> {
    const found = await this.guard('read', () => this.findDevice(device));
    const meAction = manageEngineActionOf(action);
    const status = await this.guard('read', async () => {
      try {
        return await this.client.actionStatus(found.device_id, meAction);
      } catch (error) {
        // No command of that kind on the device.
        if (error instanceof ManageEngineApiError && error.status === 404) return null;
        throw error;
      }
    });
    if (!status || status.status_code === ME_STATUS.failed) return null;
    return { providerCommandId: `${found.device_id}:${meAction}` };
  }

  /**
   * ManageEngine's app distribution (decision 030): the repository's app that is the catalog's (the same
   * name, for the device's platform) is associated with the device, installed silently; an uninstall
   * takes it back. Kept as `app:<device_id>:<app_id>`.
   */
  async sendSoftware(device: MdmDevice, command: MdmSoftwareCommand): Promise<SentCommand> {
    const found = await this.guard('read', () => this.findDevice(device));
    const app = await this.repositoryApp(device, command.application);
    const install = command.action === 'install_software';
    await this.guard('command', () => this.client.distributeApp(found.device_id, app.app_id, install));
    return { providerCommandId: `${APP_PREFIX}${found.device_id}:${app.app_id}` };
  }

  /** The repository's app that is the catalog's: the same name, for the device's platform. */
  private async repositoryApp(device: MdmDevice, application: InstallableApplication) {
    const platform = device.os === 'WINDOWS' ? 3 : 1;
    const wanted = comparableName(application.name);
    const app = await this.guard('read', () =>
      this.client.findApp(
        (a) =>
          comparableName(a.app_name) === wanted && (a.platform_type == null || a.platform_type === platform),
      ),
    );
    if (!app)
      throw new MdmCommandRejected(
        `ManageEngine has no ${application.name} in its app repository for ${device.os}`,
      );
    return app;
  }

  /**
   * ManageEngine offers an app in the device's app catalog (the ME MDM app's self-service catalogue) when
   * it is distributed without a silent install (`POST /api/v1/mdm/devices/{device_id}/apps` with
   * `silent_install: false`, the Devices page's "Associate apps to device"): the person installs it from
   * there. A withdrawal takes back (`DELETE`, "Dissociate apps from devices") an offer the person did not
   * take up; an app they installed from it stays (dissociating would remove it).
   */
  async offerSoftware(device: MdmDevice, command: MdmOfferCommand): Promise<void> {
    const found = await this.guard('read', () => this.findDevice(device));
    const app = await this.repositoryApp(device, command.application);
    if (command.offered) {
      await this.guard('command', () => this.client.distributeApp(found.device_id, app.app_id, true, false));
      return;
    }
    const apps = await this.guard('read', () => this.client.deviceApps(found.device_id));
    const entry = apps.find((a) => a.app_id === app.app_id);
    if (!entry || /^installed$/i.test(entry.status?.trim() ?? '')) return;
    await this.guard('command', () => this.client.distributeApp(found.device_id, app.app_id, false));
  }

  /** The app's status on the device: installed (or gone, for an uninstall), failed with its words, or pending. */
  async softwareResult(
    _device: MdmDevice,
    command: MdmSoftwareCommand,
    sent: SentCommand & { sentAt: Date },
  ): Promise<CommandResult> {
    const [deviceId, appId] = splitCommandId(sent.providerCommandId.slice(APP_PREFIX.length));
    const apps = await this.guard('read', () => this.client.deviceApps(deviceId));
    const entry = apps.find((a) => a.app_id === appId);
    const status = entry?.status?.trim() ?? '';
    if (command.action === 'uninstall_software')
      return entry ? { state: 'pending' } : { state: 'completed', mdmStatus: null };
    if (/fail/i.test(status))
      return { state: 'failed', error: `ManageEngine: ${status} (${command.application.name})` };
    return entry && /^installed$/i.test(status)
      ? { state: 'completed', mdmStatus: null }
      : { state: 'pending' };
  }

  /**
   * The device's app list (decision 026): every app on it but those still on their way or failed (a
   * distributed app's status says so), by name and version; the catalog matches them by name.
   */
  async installedSoftware(device: MdmDevice): Promise<ReportedSoftware[]> {
    // The sync hands the id it has just read from the inventory: no need to read the record again.
    const deviceId = device.mdmId ?? (await this.guard('read', () => this.findDevice(device))).device_id;
    const apps = await this.guard('read', () => this.client.deviceApps(deviceId));
    return tidySoftware(
      apps
        .filter((app) => !app.status?.trim() || /^installed$/i.test(app.status.trim()))
        .map((app) => ({ name: app.app_name, version: app.version })),
    );
  }

  async result(
    _device: MdmDevice,
    action: DeviceAction,
    sent: SentCommand & { sentAt: Date },
  ): Promise<CommandResult> {
    const [deviceId, meAction] = splitCommandId(sent.providerCommandId);
    const status = await this.guard('read', () => this.client.actionStatus(deviceId, meAction));
    if (status.status_code === ME_STATUS.success)
      return { state: 'completed', mdmStatus: reportedStatusOf(action) };
    if (status.status_code === ME_STATUS.failed)
      return {
        state: 'failed',
        error: `ManageEngine: ${status.status_description || status.remarks || `the ${meAction} failed`}`,
      };
    return { state: 'pending' };
  }

  /**
   * A page of `GET /api/v1/mdm/devices?offset=&limit=`; the cursor is the next offset. Removed devices
   * are left out (ManageEngine keeps them in the list, marked `is_removed`).
   */
  async inventory(cursor: string | null): Promise<MdmInventoryPage> {
    const offset = cursor ? Number(cursor) : 0;
    const page = await this.guard('read', () => this.client.devices('', offset));
    const total = page.metadata?.total_record_count;
    const end = offset + page.devices.length;
    const last = page.devices.length === 0 || (total !== undefined ? end >= total : !page.paging?.next);
    return {
      devices: page.devices.filter((d) => !truthy(d.is_removed)).map(inventoryOfManageEngineDevice),
      next: last ? null : String(end),
    };
  }

  /** The record of the stored id when it is still the device's (the same serial, not removed); else null. */
  private async storedDevice(device: MdmDevice, deviceId: string): Promise<ManageEngineDevice | null> {
    try {
      const found = await this.client.device(deviceId);
      const serial = device.serialNumber?.trim();
      return !truthy(found.is_removed) && (!serial || found.serial_number === serial) ? found : null;
    } catch (error) {
      if (error instanceof ManageEngineApiError && error.status === 404) return null;
      throw error;
    }
  }

  private async findDevice(device: MdmDevice): Promise<ManageEngineDevice> {
    const stored = device.mdmId ? await this.storedDevice(device, device.mdmId) : null;
    if (stored) return stored;
    const key = { serialNumber: device.serialNumber?.trim() || null, name: device.name };
    const found = await this.client.findDevice(key);
    if (!found)
      throw new MdmCommandRejected(
        `No device managed by ManageEngine matches the device (${key.serialNumber ?? key.name})`,
      );
    return found;
  }

  /**
   * Refusals that will not change on a retry become MdmCommandRejected; a rate limit, a server error, no
   * answer in time or no connection become MdmUnavailable (with `Retry-After`). A failure while reading
   * never reached the command queue; the action's request did not when ManageEngine refused it unread
   * (429) or the connection was refused.
   */
  private async guard<T>(phase: 'read' | 'command', work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ManageEngineApiError) {
        const what = `ManageEngine ${error.status}: ${error.message}`;
        if (!error.retryable) throw new MdmCommandRejected(what);
        throw new MdmUnavailable(what, error.retryAt, phase === 'read' || error.status === 429, {
          cause: error,
        });
      }
      const name = (error as { name?: unknown } | null)?.name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new MdmUnavailable(
          `ManageEngine did not answer within ${seconds(this.client.timeoutMs)}`,
          null,
          phase === 'read',
          { cause: error },
        );
      if (error instanceof TypeError) {
        const code = String((error.cause as { code?: unknown } | undefined)?.code ?? '');
        throw new MdmUnavailable(
          `Could not reach ManageEngine${code ? ` (${code})` : ''}: ${error.message}`,
          null,
          phase === 'read' || code === 'ECONNREFUSED',
          { cause: error },
        );
      }
      throw error;
    }
  }
}

/** An app distribution is kept as `app:<device_id>:<app_id>`. */
const APP_PREFIX = 'app:';

function splitCommandId(id: string): [string, string] {
  const at = id.lastIndexOf(':');
  if (at <= 0) throw new MdmCommandRejected(`Not a ManageEngine command id: ${id}`);
  return [id.slice(0, at), id.slice(at + 1)];
}

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

/**
 * A ManageEngine device in Equip's terms. A device in the list (not removed) is enrolled; the list does
 * not tell encryption (null: Equip keeps what it knows).
 */
function inventoryOfManageEngineDevice(d: ManageEngineDevice): MdmInventoryDevice {
  const os = osOfPlatform(d.platform_type);
  const model = textOf(d.model) ?? textOf(d.product_name);
  return {
    mdmId: d.device_id,
    serialNumber: textOf(d.serial_number),
    name: textOf(d.device_name) ?? `Device ${d.device_id}`,
    type: typeOfDevice(os, `${model ?? ''} ${d.product_name ?? ''}`, d.platform_type),
    os,
    osVersion: textOf(d.os_version),
    model,
    manufacturer: os === 'IOS' || os === 'MACOS' ? 'Apple' : null,
    enrollmentState: 'ENROLLED',
    encrypted: null,
    lastSeenAt: instantOf(d.last_contact_time),
  };
}
