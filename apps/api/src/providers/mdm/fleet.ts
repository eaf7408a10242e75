import { type DeviceAction, type DeviceMdmStatus, PROVIDER_ACTIONS } from '@equip/domain/mdm';
import { z } from 'zod';
import {
  type CommandResult,
  type MdmAdapter,
  MdmCommandRejected,
  type MdmDevice,
  type SentCommand,
} from './adapter.ts';

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
    /** From `retry-after` on a 429. */
    readonly retryAfterSeconds: number | null,
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
  mdm: z
    .object({
      device_status: z.string().optional(),
      pending_action: z.string().optional(),
    })
    .partial()
    .nullish(),
});
export type FleetHost = z.infer<typeof FleetHost>;
const HostList = z.object({ hosts: z.array(FleetHost) });
const HostAnswer = z.object({ host: FleetHost });
const LoginAnswer = z.object({ token: z.string().min(1) });
const MeAnswer = z.object({
  user: z.object({ id: z.number().int(), email: z.string().optional(), api_only: z.boolean().optional() }),
});
export type FleetUser = z.infer<typeof MeAnswer>['user'];
const PinAnswer = z.object({ unlock_pin: z.string().optional(), host_id: z.number().optional() });

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
    private readonly timeoutMs = 15_000,
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

  /** `GET /api/v1/fleet/hosts?query=`: hosts whose hostname, serial, UUID or IP match (no paging metadata). */
  async searchHosts(query: string): Promise<FleetHost[]> {
    const params = new URLSearchParams({ query, page: '0', per_page: '50', order_key: 'hostname' });
    return HostList.parse(await this.call('GET', `/api/v1/fleet/hosts?${params}`)).hosts;
  }

  /** `GET /api/v1/fleet/hosts/:id`. */
  async getHost(id: number): Promise<FleetHost> {
    return HostAnswer.parse(await this.call('GET', `/api/v1/fleet/hosts/${id}`)).host;
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

  /** One request; a 401 with a login (not a fixed token) logs in again once. */
  private async call(method: string, path: string, json?: unknown, authenticated = true): Promise<unknown> {
    if (authenticated && !this.token) await this.login();
    const send = () =>
      this.fetcher(`${this.base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          ...(authenticated && this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
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
  const retryAfter = Number(response.headers.get('retry-after'));
  const message = parsed.success ? parsed.data.message : `Fleet answered ${response.status}`;
  const reasons = parsed.success ? (parsed.data.errors ?? []).map((e) => e.reason) : [];
  return new FleetApiError(
    response.status,
    reasons.length > 0 ? `${message}: ${reasons.join('; ')}` : message,
    reasons,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}

/** Fleet's `mdm.device_status` once an action has taken effect. */
const EXPECTED_STATUS: Partial<Record<DeviceAction, DeviceMdmStatus>> = {
  lock: 'locked',
  unlock: 'unlocked',
  wipe: 'wiped',
  reset: 'wiped',
};

/** The Fleet adapter: a device is the Fleet host with its serial number (or, without one, its name). */
export class FleetMdmAdapter implements MdmAdapter {
  readonly provider = 'FLEET' as const;
  readonly kind = 'fleet' as const;
  /** An offline laptop reports when it is next online: wait three days before giving up. */
  readonly reportTimeoutMs = 3 * 24 * 3600_000;

  constructor(
    private readonly client: FleetClient,
    readonly checkIntervalMs = 30_000,
  ) {}

  async send(device: MdmDevice, action: DeviceAction): Promise<SentCommand> {
    if (!PROVIDER_ACTIONS.FLEET.includes(action))
      throw new MdmCommandRejected(`Fleet does not offer ${action}`);
    const host = await this.guard(() => this.findHost(device));
    const unlockPin = await this.guard(async () => {
      if (action === 'lock') await this.client.lock(host.id);
      // A Mac is unlocked by typing the PIN Fleet answers with on the device itself.
      else if (action === 'unlock') return (await this.client.unlock(host.id)).unlockPin;
      else await this.client.wipe(host.id);
      return null;
    });
    return { providerCommandId: String(host.id), ...(unlockPin ? { unlockPin } : {}) };
  }

  async result(
    _device: MdmDevice,
    action: DeviceAction,
    sent: SentCommand & { sentAt: Date },
  ): Promise<CommandResult> {
    const host = await this.guard(() => this.client.getHost(Number(sent.providerCommandId)));
    const expected = EXPECTED_STATUS[action];
    const status = host.mdm?.device_status;
    if (expected && status === expected && !host.mdm?.pending_action)
      return { state: 'completed', mdmStatus: expected };
    return { state: 'pending' };
  }

  private async findHost(device: MdmDevice): Promise<FleetHost> {
    const key = device.serialNumber?.trim() || device.name;
    const hosts = await this.client.searchHosts(key);
    const host = device.serialNumber
      ? hosts.find((h) => h.hardware_serial === device.serialNumber)
      : hosts.find((h) => [h.hostname, h.computer_name, h.display_name].includes(device.name));
    if (!host) throw new MdmCommandRejected(`No Fleet host matches the device (${key})`);
    return host;
  }

  /** Fleet's refusals that will not change on a retry become MdmCommandRejected. */
  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof FleetApiError && !error.retryable)
        throw new MdmCommandRejected(`Fleet ${error.status}: ${error.message}`);
      throw error;
    }
  }
}
