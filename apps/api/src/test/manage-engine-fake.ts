import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of ManageEngine MDM's REST API (Mobile Device Manager Plus / Endpoint Central MDM,
 * on-premises; a real HTTP server) answering in the documented shapes, for the ManageEngine client
 * (providers/mdm/manage-engine.ts). ManageEngine is not in /work/shared/vendors; the shapes come from
 * ManageEngine's public API documentation.
 *
 * SOURCES (where each shape came from):
 * - Base URL and authentication: www.manageengine.com/mobile-device-management/api/ ("Introduction"):
 *   on-premises the base is `{ServerURL}/api/v1/mdm`; "API key can be passed only in header and cannot be
 *   passed in the request param. Header name should be Authorization, header value should be {api_key}"
 *   (the key is generated under Admin → Integrations → API Key Generation). The same page for MDM MSP
 *   (www.manageengine.cn/mobile-device-management-msp/api). Cloud servers take
 *   `Authorization: Zoho-oauthtoken …` instead (OAuth; not used by Equip).
 * - Device list: www.manageengine.com/…/mobile-device-management/api/devices ("Get device list",
 *   `GET /api/v1/mdm/devices`, scope MDMInventory.READ) → `{ devices: [{ device_id, os_version,
 *   is_lost_mode_enabled, owned_by, is_removed, product_name, device_name, platform_type,
 *   platform_type_id, udid, serial_number, model, user: { user_name, user_id, user_email }, imei,
 *   summary: { profile_count, app_count, doc_count, group_count } }] }` (the documented example; IDs are
 *   64-bit numbers there, 9007199254741000).
 * - Paging: www.manageengine.com/za/mobile-device-management/api/pagination ("Pagination"): lists are
 *   "paginated to 50 items by default", query `offset` (and `limit`), the answer carries `metadata: {
 *   total_record_count }` and `paging: { next, previous }` (URLs of the next and previous pages).
 * - Inventory (issue 27, item 3): the same list read page by page without `search`; each device's
 *   `last_contact_time` (epoch milliseconds, as text) as the device details and summary answer it
 *   (…/help/api/onpremise/devices-get-device-summary.html; the field in the manageengine-mdm npm
 *   package's Device type), `model`, `os_version`, `platform_type`; removed devices stay in the list with
 *   `is_removed: true`.
 * - Device details: the same Devices page, "Get device details", `GET /api/v1/mdm/devices/{device_id}`
 *   → the device object above.
 * - Actions: www.manageengine.com/products/desktop-central/help/api/onpremise/action-lock-device.html
 *   ("Remotely lock the managed device", `POST /api/v1/mdm/devices/{device_id}/actions/lock`, scope
 *   MDMInventory.CREATE, header `Authorization: <key>`, body `{ lock_message, phone_number, unlock_pin,
 *   email_sent_to_user }`, all optional); the Devices page's "Perform Action on device" lists the
 *   actions by name under `/actions/{action_name}`: lock, restart, shutdown, complete_wipe,
 *   corporate_wipe, enable_lost_mode, disable_lost_mode (decision 012 names the path as well). The
 *   answer's body is not documented beyond success: the fake answers 202 with an empty object.
 * - Action status: …/help/api/onpremise/action-get-device-action-status.html ("Get the command status for
 *   a specific action on a device", `GET /api/v1/mdm/devices/{device_id}/actions/{action_name}`) and
 *   …/help/api/onpremise/devices-get-last-initiated-command-status.md (`GET …/actions/recent_command`) →
 *   `{ status_description, status_code, command_name, kb_url }`, status_code 0 failed, 1 initiated,
 *   2 success, 4 in progress.
 * - App distribution (issue 27, item 5; decision 030): the app repository, www.manageengine.com/eu/
 *   mobile-device-management/api/apps ("Get App List", `GET /api/v1/mdm/apps`) → `{ apps: [{ app_id,
 *   app_name, app_category, app_type (1 free store, 2 paid store, 3 enterprise), version, platform_type
 *   (1 iOS, 2 Android, 3 Windows), description, icon, added_time, modified_time, release_labels: [{
 *   release_label_type, release_label_name, release_label_id, app_version }] }] }` (paged like every list);
 *   a device's apps, the Devices page's "Get device app list", "Associate apps to device" and "Dissociate
 *   apps from devices" (`GET`, `POST`, `DELETE /api/v1/mdm/devices/{device_id}/apps`; the bodies
 *   `{ app_ids, silent_install, notify_user_via_email }` and `{ app_ids }`; the list `{ apps: [{ app_id,
 *   app_name, version, status }] }`). The device list's names and the bodies' field names are from those
 *   pages; the `status` words (Installed, Yet to install, Installation failed) are the web console's.
 * - Self service (issue 29, item 5): an app associated with `silent_install: false` is not pushed but
 *   listed in the device's app catalog (the ME MDM app, where the person installs it), as the Devices
 *   page's "Associate apps to device" describes the flag; it stays "Yet to install" until then. A
 *   dissociation (`DELETE`) takes it back.
 * - Installed software (decision 026): the same list ("Retrieve apps installed on a managed device",
 *   …/help/api/onpremise/devices-get-apps-from-device.html: `GET /api/v1/mdm/devices/{device_id}/apps`,
 *   scope MDMInventory.READ, `limit`/`offset` paging) also holds what the device reports installed, by
 *   the app list's documented `app_name` and `version`; no identifier field is documented, so none is sent.
 *   An associated app is installed after `reportAfterReads` reads of the device's app list.
 * - Errors: `{ error_code, error_description }` as the API documentation's error examples; 401 for a
 *   wrong key; 429/503 with `Retry-After` as any HTTP server may send it.
 *
 * Controls for what a real server does to a client (issue 27): a wrong key (401), a 429 or 503 with the
 * `retry-after` of the test's choice, planted on a path; a page boundary (the page size is the client's
 * `limit`, the devices are the test's); an answer held past the client's timeout (before or after the
 * action is recorded); an unknown device (an empty page); an action stays in progress for
 * `reportAfterReads` status reads, then succeeds, or fails when the test says so.
 */
export interface FakeManageEngineDevice {
  id: string;
  name: string;
  serialNumber: string;
  platform: 'ios' | 'android' | 'windows' | 'macos';
  removed: boolean;
  lostMode: boolean;
  /** Inventory (issue 27, item 3): `model`, `os_version`, `last_contact_time` (epoch ms). */
  model?: string;
  /** Apps the device reports installed besides those distributed to it (issue 27, item 4). */
  installed?: { name: string; version?: string }[];
  osVersion?: string;
  lastContactTime?: number;
}
/** An app of the repository (the "Get App List" shape). */
export interface FakeManageEngineApp {
  app_id: number;
  app_name: string;
  version: string;
  /** 1 iOS (and macOS), 2 Android, 3 Windows. */
  platform_type: 1 | 2 | 3;
}
export interface FakeManageEngineAction {
  deviceId: string;
  action: string;
  body: Record<string, unknown>;
  /** 0 failed, 1 initiated, 2 success, 4 in progress. */
  statusCode: 0 | 1 | 2 | 4;
  reads: number;
}
export interface ManageEngineRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  userAgent: string | undefined;
  body: unknown;
}

const ACTIONS = new Set([
  'lock',
  'restart',
  'shutdown',
  'complete_wipe',
  'corporate_wipe',
  'enable_lost_mode',
  'disable_lost_mode',
]);
const DESCRIPTIONS: Record<number, string> = {
  0: 'Command Failed',
  1: 'Command Initiated',
  2: 'Command Success',
  4: 'Command In Progress',
};

export async function startManageEngineFake(options: { apiKey?: string } = {}) {
  const apiKey = options.apiKey ?? 'D6A1B2C3-0000-4E5F-8A9B-0123456789AB';
  const devices = new Map<string, FakeManageEngineDevice>();
  const actions: FakeManageEngineAction[] = [];
  const requests: ManageEngineRequest[] = [];
  const failures: { status: 401 | 429 | 500 | 503; retryAfter?: string; path?: string; method?: string }[] =
    [];
  const held: ServerResponse[] = [];
  const holds: { path: string; afterEffect: boolean }[] = [];
  let readsUntilReport = 1;
  /** Actions the device answers with a failure. */
  const failing = new Set<string>();
  /** The app repository, and each device's associated apps (`<device id>:<app id>`) with their state. */
  const repository = new Map<number, FakeManageEngineApp>();
  /** `offered`: distributed without a silent install, so only listed in the device's app catalog. */
  const deviceApps = new Map<
    string,
    { status: string; removing: boolean; reads: number; offered: boolean }
  >();
  let installsFail = false;

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const apiError = (res: ServerResponse, status: number, code: string, description: string) =>
    json(res, status, { error_code: code, error_description: description });

  const deviceBody = (d: FakeManageEngineDevice) => ({
    device_id: d.id,
    os_version: d.osVersion ?? (d.platform === 'ios' ? '18.1' : '14'),
    is_lost_mode_enabled: d.lostMode,
    owned_by: 1,
    is_removed: d.removed,
    product_name: d.platform === 'ios' ? 'iPhone' : 'samsung',
    device_name: d.name,
    platform_type: d.platform,
    platform_type_id: d.platform === 'ios' ? 1 : d.platform === 'android' ? 2 : 3,
    udid: `udid-${d.id}`,
    serial_number: d.serialNumber,
    model: d.model ?? (d.platform === 'ios' ? 'iPhone15,2' : 'SM-G935F'),
    last_contact_time: String(d.lastContactTime ?? 1795400000000),
    user: { user_name: 'olga', user_id: 9007199254741000, user_email: 'olga@example.com' },
    imei: 357327071694307,
    summary: { profile_count: 5, app_count: 10, doc_count: 1, group_count: 2 },
  });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://manage-engine.local');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = text;
    if (req.headers['content-type']?.startsWith('application/json') && text) body = JSON.parse(text);
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      authorization: req.headers.authorization,
      userAgent: req.headers['user-agent'],
      body,
    });
    const failure = failures.findIndex(
      (f) => (!f.path || url.pathname.startsWith(f.path)) && (!f.method || f.method === req.method),
    );
    if (failure >= 0) {
      const { status, retryAfter } = failures.splice(failure, 1)[0]!;
      return json(
        res,
        status,
        {
          error_code: status === 429 ? 'TOO_MANY_REQUESTS' : status === 401 ? 'UNAUTHORIZED' : 'SERVER_ERROR',
          error_description:
            status === 429 ? 'Too many requests' : status === 401 ? 'Unauthorized' : 'Service unavailable',
        },
        retryAfter ? { 'retry-after': retryAfter } : {},
      );
    }
    const hold = holds.findIndex((h) => url.pathname.startsWith(h.path));
    const heldHere = hold >= 0 ? holds.splice(hold, 1)[0]! : null;
    if (heldHere && !heldHere.afterEffect) return void held.push(res);

    // Outside /api: the web console's pages, not the API (another server's address looks the same).
    if (!url.pathname.startsWith('/api/v1/mdm/')) return apiError(res, 404, 'NOT_FOUND', 'Not found');
    if (req.headers.authorization !== apiKey)
      return apiError(res, 401, 'UNAUTHORIZED', 'Invalid API key or the key has expired');

    if (req.method === 'GET' && url.pathname === '/api/v1/mdm/devices') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const found = [...devices.values()]
        .filter(
          (d) =>
            !search || d.name.toLowerCase().includes(search) || d.serialNumber.toLowerCase().includes(search),
        )
        .sort((a, b) => Number(a.id) - Number(b.id));
      const limit = Number(url.searchParams.get('limit') ?? 50) || 50;
      const offset = Number(url.searchParams.get('offset') ?? 0) || 0;
      const slice = found.slice(offset, offset + limit);
      const link = (at: number) => {
        const next = new URL(url);
        next.searchParams.set('offset', String(at));
        next.searchParams.set('limit', String(limit));
        return `${next.pathname}${next.search}`;
      };
      return json(res, 200, {
        devices: slice.map(deviceBody),
        metadata: { total_record_count: found.length },
        paging: {
          ...(offset + limit < found.length ? { next: link(offset + limit) } : {}),
          ...(offset > 0 ? { previous: link(Math.max(0, offset - limit)) } : {}),
        },
      });
    }
    if (req.method === 'GET' && url.pathname === '/api/v1/mdm/apps') {
      const all = [...repository.values()].sort((a, b) => a.app_id - b.app_id);
      const limit = Number(url.searchParams.get('limit') ?? 50) || 50;
      const offset = Number(url.searchParams.get('offset') ?? 0) || 0;
      return json(res, 200, {
        apps: all.slice(offset, offset + limit).map((a) => ({
          ...a,
          app_category: 'Business',
          app_type: 1,
          description: '',
          icon: '',
          added_time: 1795400000000,
          modified_time: 1795400000000,
          release_labels: [
            {
              release_label_type: 1,
              release_label_name: 'Stable',
              release_label_id: 12345,
              app_version: a.version,
            },
          ],
        })),
        metadata: { total_record_count: all.length },
        paging:
          offset + limit < all.length
            ? { next: `/api/v1/mdm/apps?offset=${offset + limit}&limit=${limit}` }
            : {},
      });
    }
    const appsMatch = /^\/api\/v1\/mdm\/devices\/([^/]+)\/apps$/.exec(url.pathname);
    if (appsMatch) {
      const owner = devices.get(decodeURIComponent(appsMatch[1]!));
      if (!owner) return apiError(res, 404, 'DEVICE_NOT_FOUND', 'No device with this id');
      if (req.method === 'GET') {
        const listed = [];
        for (const [key, state] of deviceApps) {
          const [deviceId, appId] = key.split(':');
          if (deviceId !== owner.id) continue;
          const app = repository.get(Number(appId));
          if (!app) continue;
          if (++state.reads > readsUntilReport) {
            if (state.removing) {
              deviceApps.delete(key);
              continue;
            }
            // An offer waits in the app catalog until the person installs it.
            if (state.status === 'Yet to install' && !state.offered)
              state.status = installsFail ? 'Installation failed' : 'Installed';
          }
          listed.push({
            app_id: app.app_id,
            app_name: app.app_name,
            version: app.version,
            status: state.status,
          });
        }
        for (const [n, app] of (owner.installed ?? []).entries())
          listed.push({
            app_id: 900_000 + n,
            app_name: app.name,
            version: app.version ?? null,
            status: 'Installed',
          });
        // Paged like every list: offset and limit, with the total.
        const offset = Number(url.searchParams.get('offset') ?? 0);
        const limit = Number(url.searchParams.get('limit') ?? listed.length) || listed.length;
        return json(res, 200, {
          apps: listed.slice(offset, offset + limit),
          metadata: { total_record_count: listed.length },
        });
      }
      const ids = ((body as { app_ids?: unknown[] } | null)?.app_ids ?? []).map(Number);
      if (ids.length === 0 || ids.some((id) => !repository.has(id)))
        return apiError(res, 400, 'INVALID_APP', 'No such app in the app repository');
      if (req.method === 'POST') {
        const offered = (body as { silent_install?: unknown }).silent_install === false;
        for (const id of ids) {
          const before = deviceApps.get(`${owner.id}:${id}`);
          // Offering what is installed leaves it installed.
          if (offered && before?.status === 'Installed' && !before.removing) continue;
          deviceApps.set(`${owner.id}:${id}`, {
            status: 'Yet to install',
            removing: false,
            reads: 0,
            offered,
          });
        }
        if (heldHere?.afterEffect) return void held.push(res);
        return json(res, 202, {});
      }
      if (req.method === 'DELETE') {
        for (const id of ids) {
          const state = deviceApps.get(`${owner.id}:${id}`);
          if (state) Object.assign(state, { removing: true, reads: 0 });
        }
        return json(res, 202, {});
      }
    }
    const deviceMatch = /^\/api\/v1\/mdm\/devices\/([^/]+)(?:\/actions\/([^/]+))?$/.exec(url.pathname);
    const device = deviceMatch ? devices.get(decodeURIComponent(deviceMatch[1]!)) : undefined;
    if (deviceMatch && !device) return apiError(res, 404, 'DEVICE_NOT_FOUND', 'No device with this id');
    if (device && req.method === 'GET' && !deviceMatch![2]) return json(res, 200, deviceBody(device));
    if (device && deviceMatch![2]) {
      const name = deviceMatch![2];
      if (req.method === 'GET') {
        const last = [...actions]
          .reverse()
          .find((a) => a.deviceId === device.id && (name === 'recent_command' || a.action === name));
        if (!last) return apiError(res, 404, 'NO_COMMAND', 'No such command was initiated on the device');
        if (last.statusCode === 1 || last.statusCode === 4) {
          last.reads += 1;
          if (last.reads > readsUntilReport) {
            last.statusCode = failing.has(last.action) ? 0 : 2;
            if (last.statusCode === 2 && last.action === 'enable_lost_mode') device.lostMode = true;
            if (last.statusCode === 2 && last.action === 'disable_lost_mode') device.lostMode = false;
          } else last.statusCode = 4;
        }
        return json(res, 200, {
          status_description: DESCRIPTIONS[last.statusCode],
          status_code: last.statusCode,
          command_name: last.action,
          kb_url: last.statusCode === 0 ? 'https://www.manageengine.com/mobile-device-management/kb/' : '',
        });
      }
      if (req.method === 'POST') {
        if (!ACTIONS.has(name)) return apiError(res, 400, 'INVALID_ACTION', `Unknown action ${name}`);
        if ((name === 'enable_lost_mode' || name === 'disable_lost_mode') && device.platform === 'windows')
          return apiError(res, 400, 'ACTION_NOT_APPLICABLE', 'Lost mode is not applicable to this device');
        actions.push({
          deviceId: device.id,
          action: name,
          body: (typeof body === 'object' && body ? body : {}) as Record<string, unknown>,
          statusCode: 1,
          reads: 0,
        });
        if (heldHere?.afterEffect) return void held.push(res);
        return json(res, 202, {});
      }
    }
    return apiError(res, 404, 'NOT_FOUND', 'Not found');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const appControls = {
    /** An app of the repository. */
    addApp(app: FakeManageEngineApp) {
      repository.set(app.app_id, app);
    },
    /** Whether the devices' next installs end `Installation failed`. */
    failInstalls(fail: boolean) {
      installsFail = fail;
    },
    /** Whether the app is offered in the device's app catalog (distributed without a silent install). */
    offersApp(deviceId: string, appId: number) {
      const state = deviceApps.get(`${deviceId}:${appId}`);
      return Boolean(state && !state.removing && state.offered);
    },
    /** Whether the app is associated with the device (not being removed). */
    hasApp(deviceId: string, appId: number) {
      const state = deviceApps.get(`${deviceId}:${appId}`);
      return Boolean(state && !state.removing);
    },
  };
  let nextId = 9007199254741000n;
  return {
    ...appControls,
    url: `http://127.0.0.1:${port}`,
    apiKey,
    devices,
    actions,
    requests,
    addDevice(d: Partial<FakeManageEngineDevice> & Pick<FakeManageEngineDevice, 'serialNumber'>) {
      const id = d.id ?? String(nextId++);
      const device: FakeManageEngineDevice = {
        id,
        name: `Device ${id}`,
        platform: 'ios',
        removed: false,
        lostMode: false,
        ...d,
      };
      devices.set(id, device);
      return device;
    },
    /** The next request to `path` (any when none; `method` too) answers this status, with `retry-after`. */
    failNext(
      status: 401 | 429 | 500 | 503,
      where: { retryAfter?: string; path?: string; method?: string } = {},
    ) {
      failures.push({ status, ...where });
    },
    /**
     * The next request to `path` is held until `releaseHeld` (the client's timeout passes first);
     * `afterEffect`: the action is recorded first, then its answer held (it reached ManageEngine).
     */
    holdNext(path: string, afterEffect = false) {
      holds.push({ path, afterEffect });
    },
    releaseHeld() {
      for (const res of held.splice(0)) if (!res.destroyed) json(res, 503, {});
    },
    /** Status reads an action stays in progress for before the device reports it. */
    reportAfterReads(n: number) {
      readsUntilReport = n;
    },
    /** Actions of this name end failed (status_code 0) instead of succeeding. */
    failActions(action: string) {
      failing.add(action);
    },
    reset() {
      devices.clear();
      actions.length = 0;
      requests.length = 0;
      failures.length = 0;
      holds.length = 0;
      failing.clear();
      readsUntilReport = 1;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held.splice(0)) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type ManageEngineFake = Awaited<ReturnType<typeof startManageEngineFake>>;
