import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of Fleet's REST API (a real HTTP server) answering in the shapes of Fleet's documentation
 * (/work/shared/vendors/fleet): login, the token's user (`GET /me`), the host list (no paging metadata) and host, lock (204, or 200
 * with `unlock_pin` when `view_pin=true` on macOS), unlock (204, or 200 with the PIN on macOS), wipe
 * (204), a host's installed `software` (in `GET /hosts/:id`), raw Apple MDM commands (`POST /commands/run` with a base64 property list and host UUIDs; their
 * results by command, and a host's commands by request type), and Fleet's error bodies for 401, 404,
 * 422, 429 and 500. The commands' shapes are Fleet's REST API documentation's ("Run MDM command", "Get
 * MDM command results", "List MDM commands": docs/REST API/rest-api.md in fleetdm/fleet).
 *
 * The host list pages as Fleet's does (`page` from 0, `per_page`, sorted by `order_key`: `hostname` or
 * `id`, the inventory sync's), with no paging
 * metadata in the answer. Controls for what a real server does to a client (issue 27): a 429 with the
 * `retry-after` of the test's choice (seconds or an HTTP date), and a command that is carried out but
 * whose answer is lost — the connection dropped, or held until the test releases it (a client's
 * timeout).
 */
export interface FakeHost {
  id: number;
  hostname: string;
  hardware_serial: string;
  platform: 'darwin' | 'windows' | 'ios' | 'ubuntu';
  device_status: 'unlocked' | 'locked' | 'wiped';
  pending_action: '' | 'lock' | 'unlock' | 'wipe';
  /**
   * Inventory fields (issue 27, item 3), as the "List hosts" example has them (GET-hosts.json):
   * `hardware_model`, `hardware_vendor`, `os_version`, `seen_time`, `mdm.enrollment_status`; and
   * `disk_encryption_enabled` as "Get host" has it (GET-hosts-id.json). Defaults: a MacBook Pro, macOS
   * 14.5, seen now, MDM on, encrypted.
   */
  hardware_model?: string;
  os_version?: string;
  seen_time?: string;
  disk_encryption_enabled?: boolean | null;
  enrollment_status?: 'On (manual)' | 'On (automatic)' | 'Pending' | 'Off' | null;
  /**
   * The host's `software` as `GET /hosts/:id` answers it (Fleet's "Get host" example,
   * /work/shared/vendors/fleet/GET-hosts-id.json); the documentation's three entries unless given.
   */
  software?: FakeSoftware[];
  /** The host's team (Fleet Premium); absent or null: "No team" (team 0 in the software endpoints). */
  team_id?: number | null;
}

/** One entry of a host's `software`, in the documented shape. */
export interface FakeSoftware {
  id: number;
  name: string;
  version: string;
  source: string;
  bundle_identifier?: string;
  installed_paths?: string[];
}

/** The software of the documentation's example host. */
export const DOCUMENTED_SOFTWARE: FakeSoftware[] = [
  {
    id: 408,
    name: 'osquery',
    version: '4.5.1',
    source: 'rpm_packages',
    installed_paths: ['/usr/lib/some-path-1'],
  },
  { id: 1146, name: 'tar', version: '1.30', source: 'rpm_packages' },
  {
    id: 321,
    name: 'SomeApp.app',
    version: '1.0',
    source: 'apps',
    bundle_identifier: 'com.some.app',
    installed_paths: ['/usr/lib/some-path-2'],
  },
];

/**
 * A software title Fleet can install (a package or an App Store app added to Fleet), as a host's
 * software list names it (issue 27, item 5). Shapes from Fleet's REST API documentation ("Get host's
 * software", "Install software", "Uninstall software": docs/REST API/rest-api.md in fleetdm/fleet):
 * `GET /api/v1/fleet/hosts/:id/software` answers `{ count, software: [{ id, name, software_package,
 * app_store_app, source, status, installed_versions }], meta }`; install and uninstall answer 202.
 */
export interface FakeTitle {
  id: number;
  name: string;
  version: string;
  source: string;
  bundle_identifier?: string;
  /** An App Store app (VPP) rather than an uploaded package. */
  app_store_id?: string;
}

/*
 * Self service (issue 29, item 5): a title's installer is offered in Fleet Desktop's Self-service per
 * team (`self_service` in the host's software list's `software_package` / `app_store_app`), set by
 * "Update package" (`PATCH /api/v1/fleet/software/titles/:id/package`, multipart/form-data with `team_id`
 * and `self_service`, answering `{ software_package }`) and "Update App Store app" (`PATCH
 * /api/v1/fleet/software/titles/:title_id/app_store_app`, JSON `{ team_id, self_service }`, answering
 * `{ app_store_app }`) — Fleet's REST API documentation, docs/REST API/rest-api.md in fleetdm/fleet.
 */

/** An Apple MDM command run through `POST /api/v1/fleet/commands/run`. */
export interface FakeCommand {
  command_uuid: string;
  host_uuid: string;
  request_type: string;
  /** The decoded property list. */
  plist: string;
  status: 'Pending' | 'Acknowledged' | 'Error';
  reads: number;
  updated_at: string;
}
export interface FleetRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  userAgent: string | undefined;
  body: unknown;
}

const ERRORS = {
  401: {
    message: 'Authentication failed',
    errors: [{ name: 'base', reason: 'Authentication failed' }],
    uuid: '1272014b-902b-4b36-bcdb-75fde5eac1fc',
  },
  404: {
    message: 'Resource Not Found',
    errors: [{ name: 'base', reason: 'Host was not found in the datastore' }],
  },
  422: {
    message: 'Validation Failed',
    errors: [{ name: 'host_id', reason: 'host does not have MDM turned on' }],
  },
  429: {
    message: 'limit exceeded, retry after: 3s',
    errors: [{ name: 'base', reason: 'limit exceeded, retry after: 3s' }],
  },
  500: { message: 'Unknown Error', errors: [{ name: 'base', reason: 'email not configured' }] },
} as const;
export type FleetErrorStatus = keyof typeof ERRORS;

export async function startFleetFake(options: { token?: string; email?: string; password?: string } = {}) {
  const token = options.token ?? 'fleet-api-token';
  const email = options.email ?? 'janedoe@example.com';
  const password = options.password ?? 'VArCjNW7CfsxGp67';
  const hosts = new Map<number, FakeHost>();
  const requests: FleetRequest[] = [];
  /** Errors to answer the next requests with (any path but login unless `login` is set). */
  const failures: { status: FleetErrorStatus; login?: boolean; retryAfter?: string; path?: string }[] = [];
  /** How the next commands' answers are lost after the command is carried out. */
  const lostAnswers: ('drop' | 'hold')[] = [];
  const held: ServerResponse[] = [];
  /** Host reads a pending action survives before the device "reports" it done. */
  let readsUntilReport = 1;
  const reads = new Map<number, number>();

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: FleetErrorStatus, retryAfter = '3') =>
    json(res, status, ERRORS[status], status === 429 ? { 'retry-after': retryAfter } : {});
  /** MDM commands run through `commands/run`, answered `Pending` until `readsUntilReport` reads. */
  const commands: FakeCommand[] = [];
  let commandCount = 0;
  let commandOutcome: 'Acknowledged' | 'Error' = 'Acknowledged';
  /** Titles Fleet can install, and each host's install status of them (`<host id>:<title id>`). */
  const titles = new Map<number, FakeTitle>();
  const titleStatus = new Map<string, { status: string | null; reads: number }>();
  let installOutcome: 'installed' | 'failed' = 'installed';
  /** The titles offered in self service, per team (`<title id>:<team id>`, 0 for no team). */
  const selfService = new Set<string>();
  const offeredTo = (t: FakeTitle, h: FakeHost) => selfService.has(`${t.id}:${h.team_id ?? 0}`);
  /** A title's entry in a host's software list, with its status there. */
  const titleBody = (h: FakeHost, t: FakeTitle) => {
    const installed = (h.software ?? DOCUMENTED_SOFTWARE).some((s) => s.id === t.id);
    return {
      id: t.id,
      name: t.name,
      source: t.source,
      status: titleStatus.get(`${h.id}:${t.id}`)?.status ?? (installed ? 'installed' : null),
      software_package: t.app_store_id
        ? null
        : {
            name: `${t.name.replace(/\.app$/, '')}.pkg`,
            version: t.version,
            self_service: offeredTo(t, h),
          },
      app_store_app: t.app_store_id
        ? { app_store_id: t.app_store_id, version: t.version, self_service: offeredTo(t, h) }
        : null,
      installed_versions: installed
        ? [{ version: t.version, bundle_identifier: t.bundle_identifier ?? '', vulnerabilities: [] }]
        : [],
    };
  };
  /** A host's read of its software moves a pending install or uninstall on after `readsUntilReport`. */
  const advance = (h: FakeHost) => {
    for (const t of titles.values()) {
      const entry = titleStatus.get(`${h.id}:${t.id}`);
      if (!entry?.status?.startsWith('pending_')) continue;
      entry.reads += 1;
      if (entry.reads <= readsUntilReport) continue;
      const software = (h.software ?? [...DOCUMENTED_SOFTWARE]).filter((s) => s.id !== t.id);
      if (entry.status === 'pending_install' && installOutcome === 'installed') {
        software.push({
          id: t.id,
          name: t.name,
          version: t.version,
          source: t.source,
          ...(t.bundle_identifier ? { bundle_identifier: t.bundle_identifier } : {}),
        });
        entry.status = 'installed';
      } else if (entry.status === 'pending_install') entry.status = 'failed_install';
      else entry.status = null;
      h.software = software;
    }
  };
  const hostUuid = (h: FakeHost) => `309a4b7d-0000-0000-8e7f-${String(h.id).padStart(12, '0')}`;
  const commandBody = (c: FakeCommand) => ({
    host_uuid: c.host_uuid,
    command_uuid: c.command_uuid,
    status: c.status,
    updated_at: c.updated_at,
    request_type: c.request_type,
    hostname: [...hosts.values()].find((h) => hostUuid(h) === c.host_uuid)?.hostname ?? '',
    payload: Buffer.from(c.plist, 'utf8').toString('base64'),
    result: '',
  });
  const hostBody = (h: FakeHost) => ({
    created_at: '2021-08-19T02:02:22Z',
    updated_at: '2021-08-19T21:14:58Z',
    id: h.id,
    hostname: h.hostname,
    uuid: hostUuid(h),
    platform: h.platform,
    os_version: h.os_version ?? 'macOS 14.5',
    hardware_serial: h.hardware_serial,
    hardware_vendor: h.platform === 'darwin' || h.platform === 'ios' ? 'Apple Inc.' : '',
    hardware_model: h.hardware_model ?? (h.platform === 'darwin' ? 'MacBookPro18,3' : ''),
    seen_time: h.seen_time ?? new Date().toISOString(),
    disk_encryption_enabled: h.disk_encryption_enabled === undefined ? true : h.disk_encryption_enabled,
    team_id: h.team_id ?? null,
    computer_name: h.hostname,
    display_name: h.hostname,
    status: 'online',
    mdm: {
      encryption_key_available: true,
      name: 'Fleet',
      connected_to_fleet: true,
      server_url: 'https://acme.com/mdm/apple/mdm',
      device_status: h.device_status,
      pending_action: h.pending_action,
      enrollment_status: h.enrollment_status === undefined ? 'On (manual)' : h.enrollment_status,
    },
    software: (h.software ?? DOCUMENTED_SOFTWARE).map((entry) => ({
      browser: '',
      generated_cpe: '',
      vulnerabilities: null,
      ...entry,
    })),
  });

  async function readBody(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const type = req.headers['content-type'] ?? '';
    // A multipart form (Fleet's package endpoints) as its fields.
    if (type.startsWith('multipart/form-data')) {
      const form = await new Response(Buffer.concat(chunks), {
        headers: { 'content-type': type },
      }).formData();
      const fields: Record<string, string> = {};
      form.forEach((value, key) => {
        fields[key] = String(value);
      });
      return fields;
    }
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? JSON.parse(text) : null;
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fleet.local');
    const body = await readBody(req);
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization,
      userAgent: req.headers['user-agent'],
      body,
    });
    const isLogin = url.pathname === '/api/v1/fleet/login';
    const failure = failures.findIndex(
      (f) => Boolean(f.login) === isLogin && (!f.path || url.pathname.startsWith(f.path)),
    );
    if (failure >= 0) {
      const { status, retryAfter } = failures.splice(failure, 1)[0]!;
      return error(res, status, retryAfter);
    }
    if (isLogin && req.method === 'POST') {
      const credentials = body as { email?: string; password?: string } | null;
      if (credentials?.email !== email || credentials.password !== password) return error(res, 401);
      return json(res, 200, {
        user: { id: 1, name: 'Jane Doe', email, global_role: 'admin', teams: [] },
        token,
      });
    }
    if (req.headers.authorization !== `Bearer ${token}`) return error(res, 401);
    if (req.method === 'GET' && url.pathname === '/api/v1/fleet/me')
      return json(res, 200, {
        user: {
          created_at: '2020-11-13T22:57:12Z',
          updated_at: '2020-11-16T23:49:41Z',
          id: 2,
          name: 'Equip',
          email: 'equip-api@example.com',
          global_role: 'maintainer',
          api_only: true,
          enabled: true,
          force_password_reset: false,
          gravatar_url: '',
          sso_enabled: false,
          teams: [],
        },
      });
    if (req.method === 'GET' && url.pathname === '/api/v1/fleet/hosts') {
      const q = (url.searchParams.get('query') ?? '').toLowerCase();
      const found = [...hosts.values()].filter(
        (h) => !q || h.hostname.toLowerCase().includes(q) || h.hardware_serial.toLowerCase().includes(q),
      );
      if (url.searchParams.get('order_key') === 'id') found.sort((a, b) => a.id - b.id);
      if (url.searchParams.get('order_key') === 'hostname')
        found.sort((a, b) => (a.hostname < b.hostname ? -1 : a.hostname > b.hostname ? 1 : a.id - b.id));
      const perPage = Number(url.searchParams.get('per_page') ?? found.length) || found.length;
      const page = Number(url.searchParams.get('page') ?? 0);
      return json(res, 200, { hosts: found.slice(page * perPage, (page + 1) * perPage).map(hostBody) });
    }
    if (req.method === 'POST' && url.pathname === '/api/v1/fleet/commands/run') {
      const { command, host_uuids } = body as { command: string; host_uuids: string[] };
      const plist = Buffer.from(command, 'base64').toString('utf8');
      const requestType = /<key>RequestType<\/key>\s*<string>([^<]+)<\/string>/.exec(plist)?.[1];
      const target = [...hosts.values()].find((h) => hostUuid(h) === host_uuids?.[0]);
      if (!requestType || !target) return error(res, 422);
      const sent: FakeCommand = {
        command_uuid: `cmd-${++commandCount}`,
        host_uuid: hostUuid(target),
        request_type: requestType,
        plist,
        status: 'Pending',
        reads: 0,
        updated_at: new Date().toISOString(),
      };
      commands.push(sent);
      const lost = lostAnswers.shift();
      if (lost === 'drop') return void res.socket?.destroy();
      if (lost === 'hold') return void held.push(res);
      return json(res, 200, { command_uuid: sent.command_uuid, request_type: requestType });
    }
    if (req.method === 'GET' && url.pathname === '/api/v1/fleet/commands/results') {
      const found = commands.filter((c) => c.command_uuid === url.searchParams.get('command_uuid'));
      for (const c of found)
        if (c.status === 'Pending' && ++c.reads > readsUntilReport) {
          c.status = commandOutcome;
          c.updated_at = new Date().toISOString();
        }
      return json(res, 200, { results: found.map(commandBody) });
    }
    if (req.method === 'GET' && url.pathname === '/api/v1/fleet/commands') {
      const found = commands.filter(
        (c) =>
          c.host_uuid === url.searchParams.get('host_identifier') &&
          c.request_type === (url.searchParams.get('request_type') ?? c.request_type),
      );
      return json(res, 200, { results: found.map(commandBody) });
    }
    const softwareList = /^\/api\/v1\/fleet\/hosts\/(\d+)\/software$/.exec(url.pathname);
    if (softwareList && req.method === 'GET') {
      const h = hosts.get(Number(softwareList[1]));
      if (!h) return error(res, 404);
      advance(h);
      const q = (url.searchParams.get('query') ?? '').toLowerCase();
      const onlyInstallable = url.searchParams.get('available_for_install') === 'true';
      const found = [...titles.values()]
        .filter((t) => t.name.toLowerCase().includes(q))
        .map((t) => titleBody(h, t))
        .filter((t) => onlyInstallable || t.status !== null || t.installed_versions.length > 0);
      const perPage = Number(url.searchParams.get('per_page') ?? found.length) || found.length;
      const page = Number(url.searchParams.get('page') ?? 0);
      const slice = found.slice(page * perPage, (page + 1) * perPage);
      return json(res, 200, {
        count: found.length,
        software: slice,
        meta: { has_next_results: (page + 1) * perPage < found.length, has_previous_results: page > 0 },
      });
    }
    const installer = /^\/api\/v1\/fleet\/software\/titles\/(\d+)\/(package|app_store_app)$/.exec(
      url.pathname,
    );
    if (installer && req.method === 'PATCH') {
      const t = titles.get(Number(installer[1]));
      const appStore = installer[2] === 'app_store_app';
      if (!t || Boolean(t.app_store_id) !== appStore) return error(res, 404);
      const fields = (body ?? {}) as { team_id?: string | number; self_service?: string | boolean };
      const key = `${t.id}:${Number(fields.team_id ?? 0)}`;
      if (String(fields.self_service) === 'true') selfService.add(key);
      else if (String(fields.self_service) === 'false') selfService.delete(key);
      return appStore
        ? json(res, 200, {
            app_store_app: { app_store_id: t.app_store_id, self_service: selfService.has(key) },
          })
        : json(res, 200, { software_package: { title_id: t.id, self_service: selfService.has(key) } });
    }
    const softwareCommand = /^\/api\/v1\/fleet\/hosts\/(\d+)\/software\/(\d+)\/(install|uninstall)$/.exec(
      url.pathname,
    );
    if (softwareCommand && req.method === 'POST') {
      const h = hosts.get(Number(softwareCommand[1]));
      const t = titles.get(Number(softwareCommand[2]));
      if (!h) return error(res, 404);
      // Fleet's documented error body (error-400-bad-request.json's shape); the reason's words are ours.
      if (!t)
        return json(res, 400, {
          message: 'Bad request',
          errors: [{ name: 'base', reason: 'Software title is not available for install.' }],
        });
      titleStatus.set(`${h.id}:${t.id}`, { status: `pending_${softwareCommand[3]}`, reads: 0 });
      const lost = lostAnswers.shift();
      if (lost === 'drop') return void res.socket?.destroy();
      if (lost === 'hold') return void held.push(res);
      return json(res, 202, {});
    }
    const match = /^\/api\/v1\/fleet\/hosts\/(\d+)(?:\/(lock|unlock|wipe))?$/.exec(url.pathname);
    const host = match ? hosts.get(Number(match[1])) : undefined;
    if (!match || !host) return error(res, 404);
    const command = match[2];
    if (!command && req.method === 'GET') {
      if (host.pending_action) {
        const seen = (reads.get(host.id) ?? 0) + 1;
        reads.set(host.id, seen);
        if (seen > readsUntilReport) {
          host.device_status = { lock: 'locked', unlock: 'unlocked', wipe: 'wiped' }[
            host.pending_action
          ] as FakeHost['device_status'];
          host.pending_action = '';
          reads.delete(host.id);
        }
      }
      return json(res, 200, { host: hostBody(host) });
    }
    if (req.method !== 'POST' || !command) return error(res, 404);
    host.pending_action = command as FakeHost['pending_action'];
    const lost = lostAnswers.shift();
    if (lost === 'drop') return void res.socket?.destroy();
    if (lost === 'hold') return void held.push(res);
    const mac = host.platform === 'darwin';
    if (command === 'lock' && mac && url.searchParams.get('view_pin') === 'true')
      return json(res, 200, { unlock_pin: '123456' });
    if (command === 'unlock' && mac) return json(res, 200, { host_id: host.id, unlock_pin: '123456' });
    res.writeHead(204).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    email,
    password,
    hosts,
    requests,
    commands,
    /** How the device answers the next commands that complete (Apple's status). */
    answerCommandsWith(outcome: 'Acknowledged' | 'Error') {
      commandOutcome = outcome;
    },
    /** A title Fleet can install on its hosts (a package or an App Store app). */
    addTitle(title: FakeTitle) {
      titles.set(title.id, title);
    },
    /** Whether the title is offered in self service to the hosts of the team (0: no team). */
    offeredInSelfService(titleId: number, teamId = 0) {
      return selfService.has(`${titleId}:${teamId}`);
    },
    /** Whether the next installs succeed on the host or end `failed_install`. */
    installsEnd(outcome: 'installed' | 'failed') {
      installOutcome = outcome;
    },
    addHost(host: Partial<FakeHost> & Pick<FakeHost, 'id' | 'hostname' | 'hardware_serial'>) {
      hosts.set(host.id, { platform: 'darwin', device_status: 'unlocked', pending_action: '', ...host });
    },
    /**
     * The next request (or login) answers with Fleet's error body of this status; a 429 with
     * `retry-after: 3` unless `retryAfter` says otherwise (seconds or an HTTP date).
     */
    failNext(
      status: FleetErrorStatus,
      /** `path`: only a request whose path starts with it fails (others, such as the hourly check, pass). */
      where: { login?: boolean; retryAfter?: string; path?: string } = {},
    ) {
      failures.push({ status, ...where });
    },
    /**
     * The next command (lock, unlock, wipe) is carried out, but its answer is lost: the connection is
     * dropped, or the answer held until `releaseHeld` (the client gives up first: its timeout).
     */
    loseNextAnswer(how: 'drop' | 'hold') {
      lostAnswers.push(how);
    },
    /** Answers the held commands now (204), to connections still open. */
    releaseHeld() {
      for (const res of held.splice(0)) if (!res.destroyed) res.writeHead(204).end();
    },
    reportAfterReads(n: number) {
      readsUntilReport = n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held.splice(0)) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type FleetFake = Awaited<ReturnType<typeof startFleetFake>>;
