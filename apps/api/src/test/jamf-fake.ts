import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the Jamf Pro API (a real HTTP server) answering in the documented shapes, for the
 * Jamf client (providers/mdm/jamf.ts). Jamf Pro is not in /work/shared/vendors; the shapes come from
 * Jamf's public documentation.
 *
 * SOURCES (where each shape came from):
 * - Token: developer.jamf.com/jamf-pro/docs/client-credentials ("Client Credentials", Jamf Pro 10.49+):
 *   `POST /api/oauth/token`, `application/x-www-form-urlencoded` with grant_type=client_credentials,
 *   client_id, client_secret; answers `{ access_token, scope, token_type: "Bearer", expires_in }`
 *   (seconds; 60 by default). The curl example is repeated in dev.to/brysontyrrell "Notes on Jamf Pro API
 *   Roles and Clients". A wrong secret: 401 with the OAuth error body `{ "error": "invalid_client" }`
 *   (RFC 6749 §5.2).
 * - Overview, bearer tokens, base `/api`: developer.jamf.com/jamf-pro ("Jamf Pro API Overview");
 *   `GET /api/v1/jamf-pro-version` → `{ version }` (the API reference, "jamf-pro-version").
 * - Computers: `GET /api/v1/computers-inventory?section=GENERAL&section=HARDWARE&page=&page-size=&sort=&filter=`
 *   (RSQL filter, e.g. `hardware.serialNumber=="…"`) → `{ totalCount, results: [{ id, udid, general:
 *   { name, managementId, remoteManagement: { managed } }, hardware: { serialNumber, … } }] }`
 *   (Jamf Pro API reference "Return paginated Computer Inventory records"; the same fields in the
 *   ruby-jss OAPI schemas generated from a server's /api/schema, rubydoc.info/gems/ruby-jss).
 * - Mobile devices: `GET /api/v2/mobile-devices/detail?section=GENERAL&section=HARDWARE&page=&page-size=&filter=`
 *   → `{ totalCount, results: [{ mobileDeviceId, deviceType, general: { displayName, managementId, … },
 *   hardware: { serialNumber, … } }] }` (API reference "Return paginated Mobile Device Inventory records").
 * - The inventory sync (issue 27, item 3) reads both lists unfiltered, page by page (`page` from 0,
 *   `page-size`, the last page by `totalCount`), with more sections: computers' OPERATING_SYSTEM
 *   (`operatingSystem: { name, version, build }`) and DISK_ENCRYPTION (`diskEncryption: {
 *   bootPartitionEncryptionDetails: { partitionName, partitionFileVault2State: ENCRYPTED | UNENCRYPTED |
 *   ENCRYPTING | …, partitionFileVault2Percent }, … }`), `general.lastContactTime`, `hardware.model`;
 *   mobile devices' SECURITY (`security: { dataProtected, passcodePresent, … }`),
 *   `general.osVersion`, `general.lastInventoryUpdateDate` (API reference, ComputerInventory and
 *   MobileDeviceDetailsV2 schemas; ruby-jss OAPI schemas ComputerDiskEncryption and
 *   ComputerOperatingSystem). A section not asked for is null, as Jamf answers.
 * - Installed software (decision 026): a computer's APPLICATIONS section, `GET
 *   /api/v1/computers-inventory/{id}?section=APPLICATIONS` → `{ id, applications: [{ name, path, version,
 *   macAppStore, sizeMegabytes, bundleId, updateAvailable, externalVersionId }] }` (API reference "Return a
 *   Computer Inventory record"; ruby-jss OAPI schema ComputerApplication); a mobile device's
 *   `GET /api/v2/mobile-devices/{id}/detail` → `{ …, applications: [{ identifier, name, version,
 *   shortVersion, managementStatus, validationStatus, bundleSize, dynamicSize }] }` (API reference "Get
 *   Mobile Device"; ruby-jss OAPI schema MobileDeviceApplicationInventoryDetail). An unknown id is 404.
 * - Commands: `POST /api/v2/mdm/commands` with `{ clientData: [{ managementId }], commandData: {
 *   commandType, … } }` → 201 `[{ id, href }]`; commandType DEVICE_LOCK (`pin` for a Mac, `message`),
 *   ERASE_DEVICE, RESTART_DEVICE (`notifyUser`), SHUT_DOWN_DEVICE, ENABLE_LOST_MODE (`lostModeMessage`
 *   or `lostModePhone`, `lostModeFootnote`) (API reference "Post a command for creation and queuing";
 *   macadmins.github.io/jamf-pro-sdk-python "Pro API: MDM Commands" for the models and required fields;
 *   the Classic API's mobile device command table for which commands need a supervised device).
 * - Command status: `GET /api/v2/mdm/commands?page=&page-size=&sort=dateSent:asc&filter=` with RSQL over
 *   uuid, clientManagementId, command, status, clientType, dateSent (`=ge=`), … (API reference "Get
 *   information about mdm commands made by Jamf Pro") → `{ totalCount, results: [{ uuid, client: {
 *   managementId, clientType }, commandState: PENDING | ACKNOWLEDGED | NOT_NOW | ERROR, commandType,
 *   dateSent, dateCompleted }] }` (MdmCommand / MdmCommandState in the ruby-jss OAPI schemas).
 * - VPP app assignment (issue 27, item 5; decision 030), the Classic API (`/JSSResource`, the same bearer
 *   token: developer.jamf.com "Classic API Overview", client credentials since 10.49): `GET
 *   /JSSResource/macapplications/bundleid/{bundleid}` and `/JSSResource/mobiledeviceapplications/bundleid/
 *   {bundleid}` with `Accept: application/json` → `{ mac_application: { general: { id, name, version,
 *   bundle_id, … }, scope: { all_computers, computers: [{ id, name }], … } } }` (`mobile_device_application`
 *   … `scope: { all_mobile_devices, mobile_devices: [{ id, name }] }`) (Classic API reference "Find Mac
 *   applications by bundle ID", "Find mobile device applications by bundle ID"); an unknown bundle id is a
 *   404 (the Classic API's HTML error page). `PUT /JSSResource/macapplications/id/{id}` with an XML body
 *   (`<mac_application><scope><computers><computer><id>…`) replaces the fields it names and answers 201
 *   `<mac_application><id>…</id></mac_application>` (Classic API Overview, "PUT … will only update the
 *   fields specified"). The device installs (or removes) the app and its next inventory shows it after
 *   `reportAfterReads` reads.
 * - Errors: the Jamf Pro API's `{ httpStatus, errors: [{ code, field, description, id }] }` (the API
 *   reference's 400/401/404 examples); 429/503 with `Retry-After` as any HTTP server may send it (Jamf
 *   Cloud rate limits).
 *
 * Controls for what a real server does to a client (issue 27): wrong credentials (401 at the token),
 * a 429 or 503 with the `retry-after` of the test's choice, planted on a path; a page boundary (the page
 * size is the client's, the records are the test's); an answer held past the client's timeout; an
 * unknown device (an empty page). A command stays PENDING for `reportAfterReads` status reads, then
 * turns ACKNOWLEDGED (the device reported), or ERROR when the test says so.
 */
export interface FakeComputer {
  id: string;
  name: string;
  serialNumber: string;
  managementId: string;
  managed: boolean;
  /** Inventory (issue 27, item 3): `hardware.model`, `operatingSystem.version`, FileVault's state. */
  model?: string;
  osVersion?: string;
  fileVault?: 'ENCRYPTED' | 'UNENCRYPTED' | 'ENCRYPTING' | 'UNKNOWN';
  lastContactTime?: string;
  /** The APPLICATIONS section (decision 026): name, version and bundle id of each app. */
  applications?: { name: string; version: string; bundleId: string }[];
}
export interface FakeMobileDevice {
  id: string;
  displayName: string;
  serialNumber: string;
  managementId: string;
  managed: boolean;
  /** Inventory: `hardware.model` (an iPad's says so), `general.osVersion`, `security.dataProtected`. */
  model?: string;
  osVersion?: string;
  dataProtected?: boolean;
  /** The detail's applications (decision 026): bundle identifier, name and versions of each app. */
  applications?: { identifier: string; name: string; version: string; shortVersion: string }[];
}
/** An App Store app bought through Apple's volume purchasing and assigned by scope (the Classic API). */
export interface FakeVppApp {
  id: number;
  kind: 'computer' | 'mobile';
  name: string;
  bundleId: string;
  version: string;
  /** The Jamf ids of the computers or mobile devices in its scope. */
  scope: string[];
  /**
   * `general.deployment_type` (the Classic API's mac_application / mobile_device_application): installed
   * on the scope's devices (the default), or "Make Available in Self Service" — offered in Self Service
   * to them, nothing installed until the person does (issue 29, item 5).
   */
  deploymentType?: 'Install Automatically/Prompt Users to Install' | 'Make Available in Self Service';
}
export interface FakeCommand {
  uuid: string;
  managementId: string;
  clientType: 'COMPUTER' | 'MOBILE_DEVICE';
  commandType: string;
  commandData: Record<string, unknown>;
  dateSent: string;
  state: 'PENDING' | 'ACKNOWLEDGED' | 'NOT_NOW' | 'ERROR';
  reads: number;
}
export interface JamfRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  contentType: string | undefined;
  userAgent: string | undefined;
  body: unknown;
}

const COMMAND_TYPES = new Set([
  'DEVICE_LOCK',
  'ERASE_DEVICE',
  'RESTART_DEVICE',
  'SHUT_DOWN_DEVICE',
  'ENABLE_LOST_MODE',
  'DISABLE_LOST_MODE',
]);

/** RSQL conditions `a==b;c=ge=d` (and only), values quoted or not: enough for the client's filters. */
function parseRsql(filter: string): { field: string; op: string; value: string }[] {
  const parts = filter.match(/(?:[^;"]|"(?:[^"\\]|\\.)*")+/g) ?? [];
  return parts.map((part) => {
    const m = /^([\w.]+)(==|!=|=ge=|=le=|=gt=|=lt=)(.*)$/.exec(part.trim());
    if (!m) throw new Error(`Bad RSQL: ${part}`);
    const raw = m[3]!;
    const value = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
    return { field: m[1]!, op: m[2]!, value };
  });
}
/** RSQL `==` in Jamf ignores case and takes `*` as a wildcard. */
const rsqlEquals = (actual: string, wanted: string) =>
  new RegExp(`^${wanted.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i').test(actual);

export async function startJamfFake(options: { clientId?: string; clientSecret?: string } = {}) {
  const clientId = options.clientId ?? 'b8d4e4f1-5a3c-4c6d-9e1f-0123456789ab';
  const clientSecret = options.clientSecret ?? 'jamf-client-secret-0123456789abcdef';
  /** Seconds a token lives (Jamf's default 60). */
  let tokenLifetime = 60;
  const tokens = new Map<string, number>();
  const computers = new Map<string, FakeComputer>();
  const mobileDevices = new Map<string, FakeMobileDevice>();
  const commands: FakeCommand[] = [];
  const requests: JamfRequest[] = [];
  const failures: { status: 401 | 429 | 500 | 503; retryAfter?: string; path?: string; method?: string }[] =
    [];
  const held: ServerResponse[] = [];
  const holds: { path: string; afterEffect: boolean }[] = [];
  let readsUntilReport = 1;
  /** Command types the device answers with an error. */
  const erroring = new Set<string>();
  let now = () => Date.now();
  /** VPP apps by id, and installs or removals each device has yet to report (`<record id>:<bundle id>`). */
  const vppApps = new Map<number, FakeVppApp>();
  const vppPending = new Map<string, { op: 'install' | 'remove'; app: FakeVppApp; reads: number }>();
  /** A device's inventory read moves its pending installs and removals on after `readsUntilReport`. */
  const reportVpp = (recordId: string, kind: FakeVppApp['kind']) => {
    for (const [key, pending] of vppPending) {
      if (!key.startsWith(`${recordId}:`) || pending.app.kind !== kind) continue;
      if (++pending.reads <= readsUntilReport) continue;
      vppPending.delete(key);
      const { app } = pending;
      if (kind === 'computer') {
        const c = computers.get(recordId);
        if (!c) continue;
        const others = (c.applications ?? []).filter((a) => a.bundleId !== app.bundleId);
        c.applications =
          pending.op === 'install'
            ? [...others, { name: app.name, version: app.version, bundleId: app.bundleId }]
            : others;
      } else {
        const d = mobileDevices.get(recordId);
        if (!d) continue;
        const others = (d.applications ?? []).filter((a) => a.identifier !== app.bundleId);
        d.applications =
          pending.op === 'install'
            ? [
                ...others,
                { identifier: app.bundleId, name: app.name, version: app.version, shortVersion: app.version },
              ]
            : others;
      }
    }
  };

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const apiError = (res: ServerResponse, status: number, code: string, description: string, field?: string) =>
    json(res, status, {
      httpStatus: status,
      errors: [{ code, field: field ?? null, description, id: '0' }],
    });

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  /** Jamf answers the sections asked for; the others are null (GENERAL and HARDWARE always asked here). */
  const computerBody = (c: FakeComputer, sections: string[] = []) => ({
    id: c.id,
    udid: `${c.id.padStart(8, '0')}-0000-4000-8000-000000000000`,
    general: {
      name: c.name,
      lastIpAddress: '10.0.0.12',
      platform: 'Mac',
      managementId: c.managementId,
      remoteManagement: { managed: c.managed, managementUsername: 'jamfadmin' },
      supervised: true,
      mdmCapable: { capable: true, capableUsers: [] },
      lastContactTime: c.lastContactTime ?? '2026-11-26T20:01:12.000Z',
    },
    hardware: {
      make: 'Apple',
      model: c.model ?? 'MacBook Pro (14-inch, 2023)',
      serialNumber: c.serialNumber,
    },
    operatingSystem: sections.includes('OPERATING_SYSTEM')
      ? { name: 'macOS', version: c.osVersion ?? '15.1', build: '24B83', supplementalBuildVersion: null }
      : null,
    diskEncryption: sections.includes('DISK_ENCRYPTION')
      ? {
          bootPartitionEncryptionDetails: {
            partitionName: 'Macintosh HD (Boot Partition)',
            partitionFileVault2State: c.fileVault ?? 'ENCRYPTED',
            partitionFileVault2Percent: 100,
          },
          individualRecoveryKeyValidityStatus: 'VALID',
          institutionalRecoveryKeyPresent: false,
          diskEncryptionConfigurationName: 'FileVault',
          fileVault2EnabledUserNames: ['admin'],
          fileVault2EligibilityMessage: 'Eligible',
        }
      : null,
  });
  const mobileBody = (d: FakeMobileDevice, sections: string[] = []) => ({
    mobileDeviceId: d.id,
    deviceType: 'iOS',
    hardware: { capacityMb: 262144, model: d.model ?? 'iPhone 15', serialNumber: d.serialNumber },
    general: {
      udid: `${d.id.padStart(8, '0')}-0000-4000-8000-00000000ffff`,
      displayName: d.displayName,
      managed: d.managed,
      supervised: true,
      managementId: d.managementId,
      osVersion: d.osVersion ?? '18.1',
      lastInventoryUpdateDate: '2026-11-26T19:55:02.000Z',
    },
    security: sections.includes('SECURITY')
      ? { dataProtected: d.dataProtected ?? true, passcodePresent: true, hardwareEncryption: 3 }
      : null,
  });
  const commandBody = (c: FakeCommand) => ({
    uuid: c.uuid,
    client: { managementId: c.managementId, clientType: c.clientType },
    commandState: c.state,
    commandType: c.commandType,
    dateSent: c.dateSent,
    dateCompleted: c.state === 'ACKNOWLEDGED' ? c.dateSent : null,
    validAfter: c.dateSent,
    active: c.state === 'PENDING',
  });

  /** The page of `items` the query asks for, with the total. */
  function page<T>(items: T[], query: URLSearchParams) {
    const size = Number(query.get('page-size') ?? 100) || 100;
    const n = Number(query.get('page') ?? 0);
    return { totalCount: items.length, results: items.slice(n * size, (n + 1) * size) };
  }
  function matches(filter: string | null, get: (field: string) => string | undefined): boolean {
    if (!filter) return true;
    return parseRsql(filter).every(({ field, op, value }) => {
      const actual = get(field);
      if (actual === undefined) return false;
      if (op === '==') return rsqlEquals(actual, value);
      if (op === '!=') return !rsqlEquals(actual, value);
      if (op === '=ge=') return actual >= value;
      if (op === '=le=') return actual <= value;
      return false;
    });
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://jamf.local');
    const text = await readBody(req);
    const contentType = req.headers['content-type'];
    let body: unknown = text;
    if (contentType?.startsWith('application/json') && text) body = JSON.parse(text);
    if (contentType?.startsWith('application/x-www-form-urlencoded'))
      body = Object.fromEntries(new URLSearchParams(text));
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      authorization: req.headers.authorization,
      contentType,
      userAgent: req.headers['user-agent'],
      body,
    });
    const failure = failures.findIndex(
      (f) => (!f.path || url.pathname.startsWith(f.path)) && (!f.method || f.method === req.method),
    );
    if (failure >= 0) {
      const { status, retryAfter } = failures.splice(failure, 1)[0]!;
      res.writeHead(status, {
        'content-type': 'application/json',
        ...(retryAfter ? { 'retry-after': retryAfter } : {}),
      });
      return res.end(
        JSON.stringify({
          httpStatus: status,
          errors: [
            {
              code: status === 429 ? 'TOO_MANY_REQUESTS' : status === 401 ? 'INVALID_TOKEN' : 'SERVER_ERROR',
              field: null,
              description:
                status === 429
                  ? 'Too many requests'
                  : status === 401
                    ? 'Unauthorized'
                    : 'Service unavailable',
              id: '0',
            },
          ],
        }),
      );
    }
    const hold = holds.findIndex((h) => url.pathname.startsWith(h.path));
    const heldHere = hold >= 0 ? holds.splice(hold, 1)[0]! : null;
    if (heldHere && !heldHere.afterEffect) return void held.push(res);

    if (url.pathname === '/api/oauth/token' && req.method === 'POST') {
      const form = (typeof body === 'object' ? body : {}) as Record<string, string>;
      if (form.grant_type !== 'client_credentials')
        return json(res, 400, { error: 'unsupported_grant_type' });
      if (form.client_id !== clientId || form.client_secret !== clientSecret)
        return json(res, 401, { error: 'invalid_client' });
      const token = randomUUID();
      tokens.set(token, now() + tokenLifetime * 1000);
      return json(res, 200, {
        access_token: token,
        scope: 'api-role:1',
        token_type: 'Bearer',
        expires_in: tokenLifetime,
      });
    }
    if (url.pathname.startsWith('/JSSResource/')) {
      const bearerToken = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const until = bearerToken ? tokens.get(bearerToken) : undefined;
      if (until === undefined || until <= now()) {
        res.writeHead(401, { 'content-type': 'text/html' });
        return res.end('<html><body>Unauthorized</body></html>');
      }
      const notFound = () => {
        res.writeHead(404, { 'content-type': 'text/html;charset=UTF-8' });
        res.end(
          '<html><head><title>Status page</title></head><body><p>The server has not found anything matching the request URI</p></body></html>',
        );
      };
      const byBundle = /^\/JSSResource\/(macapplications|mobiledeviceapplications)\/bundleid\/([^/]+)$/.exec(
        url.pathname,
      );
      if (req.method === 'GET' && byBundle) {
        const kind = byBundle[1] === 'macapplications' ? 'computer' : 'mobile';
        const bundleId = decodeURIComponent(byBundle[2]!);
        const app = [...vppApps.values()].find((a) => a.kind === kind && a.bundleId === bundleId);
        if (!app) return notFound();
        const general = {
          id: app.id,
          name: app.name,
          version: app.version,
          bundle_id: app.bundleId,
          is_free: true,
          deployment_type: app.deploymentType ?? 'Install Automatically/Prompt Users to Install',
        };
        if (kind === 'computer')
          return json(res, 200, {
            mac_application: {
              general,
              scope: {
                all_computers: false,
                all_jss_users: false,
                computers: app.scope.map((id) => ({ id: Number(id), name: computers.get(id)?.name ?? '' })),
                computer_groups: [],
                buildings: [],
                departments: [],
                exclusions: {},
              },
              vpp: { assign_vpp_device_based_licenses: true, vpp_admin_account_id: 1 },
            },
          });
        return json(res, 200, {
          mobile_device_application: {
            general,
            scope: {
              all_mobile_devices: false,
              all_jss_users: false,
              mobile_devices: app.scope.map((id) => ({
                id: Number(id),
                name: mobileDevices.get(id)?.displayName ?? '',
              })),
              mobile_device_groups: [],
              buildings: [],
              departments: [],
              exclusions: {},
            },
            vpp: { assign_vpp_device_based_licenses: true, vpp_admin_account_id: 1 },
          },
        });
      }
      const byId = /^\/JSSResource\/(macapplications|mobiledeviceapplications)\/id\/(\d+)$/.exec(
        url.pathname,
      );
      if (req.method === 'PUT' && byId) {
        const app = vppApps.get(Number(byId[2]));
        const kind = byId[1] === 'macapplications' ? 'computer' : 'mobile';
        if (!app || app.kind !== kind) return notFound();
        const element = kind === 'computer' ? 'computer' : 'mobile_device';
        const ids = [
          ...String(body).matchAll(new RegExp(`<${element}><id>(\\d+)</id></${element}>`, 'g')),
        ].map((m) => m[1]!);
        // An app offered in Self Service is only listed there for the scope's devices: nothing to install.
        const installs = app.deploymentType !== 'Make Available in Self Service';
        for (const id of ids)
          if (installs && !app.scope.includes(id))
            vppPending.set(`${id}:${app.bundleId}`, { op: 'install', app, reads: 0 });
        for (const id of app.scope)
          if (installs && !ids.includes(id))
            vppPending.set(`${id}:${app.bundleId}`, { op: 'remove', app, reads: 0 });
        app.scope = ids;
        const root = kind === 'computer' ? 'mac_application' : 'mobile_device_application';
        res.writeHead(201, { 'content-type': 'text/xml;charset=UTF-8' });
        return res.end(`<?xml version="1.0" encoding="UTF-8"?><${root}><id>${app.id}</id></${root}>`);
      }
      return notFound();
    }
    // Outside /api: the web interface's pages, not the API (another server's address looks the same).
    if (!url.pathname.startsWith('/api/')) return apiError(res, 404, 'NOT_FOUND', 'Not found');
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expires = bearer ? tokens.get(bearer) : undefined;
    if (expires === undefined || expires <= now()) return apiError(res, 401, 'INVALID_TOKEN', 'Unauthorized');

    if (req.method === 'GET' && url.pathname === '/api/v1/jamf-pro-version')
      return json(res, 200, { version: '11.11.0-t1729006783' });
    if (req.method === 'GET' && url.pathname === '/api/v1/computers-inventory') {
      const filter = url.searchParams.get('filter');
      const found = [...computers.values()]
        .filter((c) =>
          matches(filter, (f) =>
            f === 'hardware.serialNumber'
              ? c.serialNumber
              : f === 'general.name'
                ? c.name
                : f === 'id'
                  ? c.id
                  : undefined,
          ),
        )
        .sort((a, b) => Number(a.id) - Number(b.id));
      const sections = url.searchParams.getAll('section');
      return json(
        res,
        200,
        page(
          found.map((c) => computerBody(c, sections)),
          url.searchParams,
        ),
      );
    }
    if (req.method === 'GET' && url.pathname === '/api/v2/mobile-devices/detail') {
      const filter = url.searchParams.get('filter');
      const found = [...mobileDevices.values()]
        .filter((d) =>
          matches(filter, (f) =>
            f === 'serialNumber'
              ? d.serialNumber
              : f === 'displayName'
                ? d.displayName
                : f === 'mobileDeviceId'
                  ? d.id
                  : undefined,
          ),
        )
        .sort((a, b) => Number(a.id) - Number(b.id));
      const sections = url.searchParams.getAll('section');
      return json(
        res,
        200,
        page(
          found.map((d) => mobileBody(d, sections)),
          url.searchParams,
        ),
      );
    }
    const inventoryOne = /^\/api\/v1\/computers-inventory\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && inventoryOne) {
      const computer = computers.get(decodeURIComponent(inventoryOne[1]!));
      if (!computer) return apiError(res, 404, 'NOT_FOUND', 'Computer not found');
      reportVpp(computer.id, 'computer');
      const sections = url.searchParams.getAll('section');
      return json(res, 200, {
        ...computerBody(computer, sections),
        applications: sections.includes('APPLICATIONS')
          ? (computer.applications ?? []).map((a) => ({
              name: `${a.name}.app`,
              path: `/Applications/${a.name}.app`,
              version: a.version,
              macAppStore: false,
              sizeMegabytes: 412,
              bundleId: a.bundleId,
              updateAvailable: false,
              externalVersionId: '0',
            }))
          : null,
      });
    }
    const mobileOne = /^\/api\/v2\/mobile-devices\/([^/]+)\/detail$/.exec(url.pathname);
    if (req.method === 'GET' && mobileOne) {
      const device = mobileDevices.get(decodeURIComponent(mobileOne[1]!));
      if (!device) return apiError(res, 404, 'NOT_FOUND', 'Mobile device not found');
      reportVpp(device.id, 'mobile');
      return json(res, 200, {
        ...mobileBody(device, ['SECURITY']),
        applications: (device.applications ?? []).map((a) => ({
          ...a,
          managementStatus: 'Managed',
          validationStatus: true,
          bundleSize: '104857600',
          dynamicSize: '2097152',
        })),
      });
    }
    if (req.method === 'POST' && url.pathname === '/api/v2/mdm/commands') {
      const sent = body as {
        clientData?: { managementId?: string }[];
        commandData?: Record<string, unknown>;
      } | null;
      const commandType = String(sent?.commandData?.commandType ?? '');
      if (!COMMAND_TYPES.has(commandType))
        return apiError(res, 400, 'INVALID_FIELD', 'Invalid command type', 'commandData.commandType');
      const clients = sent?.clientData ?? [];
      const created: FakeCommand[] = [];
      for (const client of clients) {
        const computer = [...computers.values()].find((c) => c.managementId === client.managementId);
        const mobile = [...mobileDevices.values()].find((d) => d.managementId === client.managementId);
        if (!computer && !mobile)
          return apiError(res, 404, 'INVALID_ID', 'Management ID not found', 'clientData.managementId');
        if (
          commandType === 'DEVICE_LOCK' &&
          computer &&
          !/^\d{6}$/.test(String(sent?.commandData?.pin ?? ''))
        )
          return apiError(
            res,
            400,
            'INVALID_FIELD',
            'A 6-digit PIN is required for computers',
            'commandData.pin',
          );
        if (
          commandType === 'ENABLE_LOST_MODE' &&
          (computer || !(sent?.commandData?.lostModeMessage || sent?.commandData?.lostModePhone))
        )
          return apiError(
            res,
            400,
            'INVALID_FIELD',
            'Lost mode needs a mobile device and a message or phone',
            'commandData',
          );
        created.push({
          uuid: randomUUID(),
          managementId: client.managementId!,
          clientType: computer ? 'COMPUTER' : 'MOBILE_DEVICE',
          commandType,
          commandData: sent!.commandData!,
          dateSent: new Date(now()).toISOString(),
          state: 'PENDING',
          reads: 0,
        });
      }
      commands.push(...created);
      if (heldHere?.afterEffect) return void held.push(res);
      return json(
        res,
        201,
        created.map((c) => ({ id: c.uuid, href: `/v2/mdm/commands/${c.uuid}` })),
      );
    }
    if (req.method === 'GET' && url.pathname === '/api/v2/mdm/commands') {
      const filter = url.searchParams.get('filter');
      if (!filter) return apiError(res, 400, 'INVALID_FILTER', 'At least one filter field is required');
      const found = commands.filter((c) =>
        matches(
          filter,
          (f) =>
            ({
              uuid: c.uuid,
              clientManagementId: c.managementId,
              command: c.commandType,
              status: c.state,
              clientType: c.clientType,
              dateSent: c.dateSent,
            })[f],
        ),
      );
      for (const c of found) {
        if (c.state !== 'PENDING') continue;
        c.reads += 1;
        if (c.reads > readsUntilReport) c.state = erroring.has(c.commandType) ? 'ERROR' : 'ACKNOWLEDGED';
      }
      return json(res, 200, page(found.map(commandBody), url.searchParams));
    }
    return apiError(res, 404, 'NOT_FOUND', 'Not found');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  let nextId = 1;
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    computers,
    mobileDevices,
    commands,
    requests,
    addComputer(c: Partial<FakeComputer> & Pick<FakeComputer, 'serialNumber'>) {
      const id = c.id ?? String(nextId++);
      const computer = { id, name: `Mac ${id}`, managementId: randomUUID(), managed: true, ...c };
      computers.set(id, computer);
      return computer;
    },
    vppApps,
    /** An App Store app the organisation bought, with no device in its scope yet. */
    addVppApp(app: Omit<FakeVppApp, 'scope'> & { scope?: string[] }) {
      vppApps.set(app.id, { scope: [], ...app });
    },
    addMobileDevice(d: Partial<FakeMobileDevice> & Pick<FakeMobileDevice, 'serialNumber'>) {
      const id = d.id ?? String(nextId++);
      const device = { id, displayName: `iPhone ${id}`, managementId: randomUUID(), managed: true, ...d };
      mobileDevices.set(id, device);
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
     * `afterEffect`: a command is created first, then its answer held (it reached Jamf).
     */
    holdNext(path: string, afterEffect = false) {
      holds.push({ path, afterEffect });
    },
    releaseHeld() {
      for (const res of held.splice(0)) if (!res.destroyed) json(res, 503, { httpStatus: 503, errors: [] });
    },
    /** Status reads a command stays PENDING for before the device reports it. */
    reportAfterReads(n: number) {
      readsUntilReport = n;
    },
    /** Commands of this type end in ERROR instead of ACKNOWLEDGED. */
    failCommands(commandType: string) {
      erroring.add(commandType);
    },
    tokenLifetime(seconds: number) {
      tokenLifetime = seconds;
    },
    setClock(clock: () => number) {
      now = clock;
    },
    tokenRequests: () => requests.filter((r) => r.path === '/api/oauth/token'),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held.splice(0)) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type JamfFake = Awaited<ReturnType<typeof startJamfFake>>;
