import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of Google's APIs for the Google Workspace client (providers/workspace/google.ts),
 * answering in the shapes of /work/shared/vendors/google-directory (discovery schemas Users, Groups,
 * Members, Member; kinds `admin#directory#…`; paging by `nextPageToken` → `pageToken`; errors
 * `{ error: { errors: [{ domain, reason, message }], code, message } }`):
 * - `POST /token`: OAuth refresh (`grant_type=refresh_token`) and code exchange; a refresh token it did
 *   not give → 400 `{ error: 'invalid_grant', error_description }` as Google's token endpoint answers.
 * - Directory: users (list, get, insert, update, delete, aliases.insert), groups (list), members (list,
 *   insert with 409 for an existing member, delete with 404 for none), org units; Data Transfer
 *   (transfers.insert); License Manager (assignments list, insert).
 * - A revoked access token → 401 `Invalid Credentials`; planted 429s with `Retry-After`.
 */

export interface FakeGoogleUser {
  id: string;
  primaryEmail: string;
  name: { givenName: string; familyName: string };
  suspended: boolean;
  archived: boolean;
  orgUnitPath: string;
  aliases: string[];
}

export interface FakeGoogleGroup {
  id: string;
  email: string;
  name: string;
  members: string[];
}

export interface GoogleRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

const googleError = (code: number, reason: string, message: string) => ({
  error: { errors: [{ domain: 'global', reason, message }], code, message },
});

export async function startGoogleWorkspaceFake(options: { domain?: string } = {}) {
  const domain = options.domain ?? 'acme.example';
  const client = { clientId: 'equip-google-client.apps.googleusercontent.com', clientSecret: 'GOCSPX-fake' };
  const users: FakeGoogleUser[] = [];
  const groups: FakeGoogleGroup[] = [];
  const licences: { userId: string; skuId: string; skuName: string }[] = [];
  const transfers: unknown[] = [];
  const requests: GoogleRequest[] = [];
  const planted: { status: 429 | 503; retryAfter: string; path?: string }[] = [];
  const refreshTokens = new Set<string>(['1//refresh-token-of-acme']);
  const codes = new Map<string, string>([['4/code-from-consent', '1//refresh-token-of-acme']]);
  const accessTokens = new Set<string>();
  let nextId = 1;
  let revoked = false;

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };

  async function bodyOf(req: IncomingMessage): Promise<{ text: string; parsed: unknown }> {
    let text = '';
    for await (const chunk of req) text += chunk;
    if ((req.headers['content-type'] ?? '').includes('application/json'))
      return { text, parsed: text ? JSON.parse(text) : null };
    return { text, parsed: Object.fromEntries(new URLSearchParams(text)) };
  }

  function paged<T>(items: T[], query: URLSearchParams, key: string, kind: string) {
    const size = Math.min(Number(query.get('maxResults') ?? 100) || 100, 200);
    const from = Number(query.get('pageToken') ?? 0);
    const page = items.slice(from, from + size);
    const next = from + size < items.length ? String(from + size) : undefined;
    return { kind, etag: '"etag"', [key]: page, ...(next ? { nextPageToken: next } : {}) };
  }

  const userBody = (u: FakeGoogleUser) => ({ kind: 'admin#directory#user', ...u });
  const findUser = (key: string) =>
    users.find((u) => u.id === key || u.primaryEmail === key.toLowerCase() || u.aliases.includes(key));

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const { parsed } = await bodyOf(req);
    const method = req.method ?? 'GET';
    const path = decodeURIComponent(url.pathname);
    requests.push({ method, path, query: url.searchParams, body: parsed });

    if (path === '/token' && method === 'POST') {
      const form = parsed as Record<string, string>;
      if (form.client_id !== client.clientId || form.client_secret !== client.clientSecret)
        return json(res, 401, {
          error: 'invalid_client',
          error_description: 'The OAuth client was not found.',
        });
      let refresh: string | undefined;
      if (form.grant_type === 'authorization_code') refresh = codes.get(form.code ?? '');
      else if (form.grant_type === 'refresh_token' && refreshTokens.has(form.refresh_token ?? ''))
        refresh = form.refresh_token;
      if (!refresh)
        return json(res, 400, {
          error: 'invalid_grant',
          error_description: 'Token has been expired or revoked.',
        });
      const access = `ya29.access-${nextId++}`;
      accessTokens.add(access);
      return json(res, 200, {
        access_token: access,
        expires_in: 3599,
        token_type: 'Bearer',
        scope: 'https://www.googleapis.com/auth/admin.directory.user',
        ...(form.grant_type === 'authorization_code' ? { refresh_token: refresh } : {}),
      });
    }

    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (revoked || !accessTokens.has(token))
      return json(res, 401, googleError(401, 'authError', 'Invalid Credentials'));
    const failure = planted.findIndex((p) => !p.path || path.startsWith(p.path));
    if (failure >= 0) {
      const [p] = planted.splice(failure, 1);
      return json(res, p!.status, googleError(p!.status, 'rateLimitExceeded', 'Rate Limit Exceeded'), {
        'retry-after': p!.retryAfter,
      });
    }

    const dir = '/admin/directory/v1';
    let m: RegExpMatchArray | null;
    if (path === `${dir}/users` && method === 'GET')
      return json(res, 200, paged(users.map(userBody), url.searchParams, 'users', 'admin#directory#users'));
    if (path === `${dir}/users` && method === 'POST') {
      const body = parsed as { primaryEmail: string; name: FakeGoogleUser['name']; orgUnitPath?: string };
      if (findUser(body.primaryEmail))
        return json(res, 409, googleError(409, 'duplicate', 'Entity already exists.'));
      const user = addUser({
        primaryEmail: body.primaryEmail,
        ...body.name,
        orgUnitPath: body.orgUnitPath ?? '/',
      });
      return json(res, 200, userBody(user));
    }
    m = path.match(/^\/admin\/directory\/v1\/users\/([^/]+)\/aliases$/);
    if (m && method === 'POST') {
      const user = findUser(m[1]!);
      if (!user) return json(res, 404, googleError(404, 'notFound', 'Resource Not Found: userKey'));
      user.aliases.push((parsed as { alias: string }).alias);
      return json(res, 200, { kind: 'admin#directory#alias', alias: (parsed as { alias: string }).alias });
    }
    m = path.match(/^\/admin\/directory\/v1\/users\/([^/]+)$/);
    if (m) {
      const user = findUser(m[1]!);
      if (!user) return json(res, 404, googleError(404, 'notFound', 'Resource Not Found: userKey'));
      if (method === 'GET') return json(res, 200, userBody(user));
      if (method === 'PUT' || method === 'PATCH') {
        Object.assign(user, parsed);
        return json(res, 200, userBody(user));
      }
      if (method === 'DELETE') {
        users.splice(users.indexOf(user), 1);
        for (const g of groups) g.members = g.members.filter((e) => e !== user.primaryEmail);
        res.writeHead(204).end();
        return;
      }
    }
    if (path === `${dir}/groups` && method === 'GET') {
      const body = groups.map((g) => ({
        kind: 'admin#directory#group',
        id: g.id,
        email: g.email,
        name: g.name,
        directMembersCount: String(g.members.length),
        adminCreated: true,
      }));
      return json(res, 200, paged(body, url.searchParams, 'groups', 'admin#directory#groups'));
    }
    m = path.match(/^\/admin\/directory\/v1\/groups\/([^/]+)\/members(?:\/([^/]+))?$/);
    if (m) {
      const group = groups.find((g) => g.id === m![1] || g.email === m![1]);
      if (!group) return json(res, 404, googleError(404, 'notFound', 'Resource Not Found: groupKey'));
      if (method === 'GET' && !m[2]) {
        const body = group.members.map((email) => ({
          kind: 'admin#directory#member',
          id: findUser(email)?.id ?? email,
          email,
          role: 'MEMBER',
          type: 'USER',
          status: 'ACTIVE',
        }));
        return json(res, 200, paged(body, url.searchParams, 'members', 'admin#directory#members'));
      }
      if (method === 'POST' && !m[2]) {
        const email = (parsed as { email: string }).email.toLowerCase();
        if (group.members.includes(email))
          return json(res, 409, googleError(409, 'duplicate', 'Member already exists.'));
        group.members.push(email);
        return json(res, 200, {
          kind: 'admin#directory#member',
          id: findUser(email)?.id,
          email,
          role: 'MEMBER',
          type: 'USER',
          status: 'ACTIVE',
        });
      }
      if (method === 'DELETE' && m[2]) {
        const key = m[2].toLowerCase();
        if (!group.members.includes(key))
          return json(res, 404, googleError(404, 'notFound', 'Resource Not Found: memberKey'));
        group.members = group.members.filter((e) => e !== key);
        res.writeHead(204).end();
        return;
      }
    }
    if (path === `${dir}/customer/my_customer/orgunits` && method === 'GET')
      return json(res, 200, {
        kind: 'admin#directory#orgUnits',
        organizationUnits: [
          { kind: 'admin#directory#orgUnit', name: 'Engineering', orgUnitPath: '/Engineering' },
        ],
      });
    if (path === '/admin/datatransfer/v1/transfers' && method === 'POST') {
      transfers.push(parsed);
      return json(res, 200, {
        kind: 'admin#datatransfer#DataTransfer',
        id: 'transfer-1',
        overallTransferStatusCode: 'new',
        ...(parsed as object),
      });
    }
    if (path === '/apps/licensing/v1/product/Google-Apps/users' && method === 'GET')
      return json(
        res,
        200,
        paged(
          licences.map((l) => ({ kind: 'licensing#licenseAssignment', productId: 'Google-Apps', ...l })),
          url.searchParams,
          'items',
          'licensing#licenseAssignmentList',
        ),
      );
    m = path.match(/^\/apps\/licensing\/v1\/product\/Google-Apps\/sku\/([^/]+)\/user$/);
    if (m && method === 'POST') {
      const userId = (parsed as { userId: string }).userId.toLowerCase();
      licences.push({
        userId,
        skuId: m[1]!,
        skuName: m[1] === '1010020028' ? 'Google Workspace Business Standard' : m[1]!,
      });
      return json(res, 200, {
        kind: 'licensing#licenseAssignment',
        productId: 'Google-Apps',
        skuId: m[1],
        userId,
      });
    }
    json(res, 404, googleError(404, 'notFound', 'Not Found'));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function addUser(input: {
    primaryEmail: string;
    givenName: string;
    familyName: string;
    orgUnitPath?: string;
  }) {
    const user: FakeGoogleUser = {
      id: String(100000000000000000000 + nextId++),
      primaryEmail: input.primaryEmail.toLowerCase(),
      name: { givenName: input.givenName, familyName: input.familyName },
      suspended: false,
      archived: false,
      orgUnitPath: input.orgUnitPath ?? '/',
      aliases: [],
    };
    users.push(user);
    return user;
  }

  return {
    url,
    domain,
    client,
    refreshToken: '1//refresh-token-of-acme',
    code: '4/code-from-consent',
    urls: {
      adminUrl: `${url}/`,
      licensingUrl: `${url}/`,
      tokenUrl: `${url}/token`,
      authorizeUrl: `${url}/o/oauth2/v2/auth`,
    },
    users,
    groups,
    licences,
    transfers,
    requests,
    addUser,
    addGroup(name: string, members: string[] = []) {
      const group: FakeGoogleGroup = {
        id: `0${nextId++}abcdefghij`,
        email: `${name.toLowerCase()}@${domain}`,
        name,
        members: members.map((e) => e.toLowerCase()),
      };
      groups.push(group);
      return group;
    },
    /** The next answers (to `path` or any) are these 429s or 503s with `Retry-After`. */
    plant(status: 429 | 503, retryAfter: string, path?: string) {
      planted.push({ status, retryAfter, ...(path ? { path } : {}) });
    },
    /** Revokes Equip's access: every API call answers 401, refreshing answers invalid_grant. */
    revoke() {
      revoked = true;
      refreshTokens.clear();
    },
    reset() {
      users.length = 0;
      groups.length = 0;
      licences.length = 0;
      transfers.length = 0;
      requests.length = 0;
      planted.length = 0;
      revoked = false;
      refreshTokens.add('1//refresh-token-of-acme');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type GoogleWorkspaceFake = Awaited<ReturnType<typeof startGoogleWorkspaceFake>>;
