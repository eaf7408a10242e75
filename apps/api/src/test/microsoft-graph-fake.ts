import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of Microsoft Graph v1.0 and the identity platform's token endpoint for the Microsoft 365
 * client (providers/workspace/microsoft.ts), answering in the shapes of /work/shared/vendors/msgraph:
 * collections `{ '@odata.context', value, '@odata.nextLink' }` (the whole next URL, followed as given),
 * `$count` as `text/plain` with `ConsistencyLevel: eventual`, `POST /groups/{id}/members/$ref` with
 * `@odata.id` → 204 (400 when already a member, 404 for an unknown object), errors `{ error: { code,
 * message, innerError } }`, a 429 `TooManyRequests` with a fractional `Retry-After` (error-429-throttled.json).
 * - `POST /common/oauth2/v2.0/token`: code and refresh-token grants; an unknown refresh token → 400
 *   `invalid_grant` with an AADSTS description.
 */

export interface FakeGraphUser {
  id: string;
  userPrincipalName: string;
  givenName: string | null;
  surname: string | null;
  accountEnabled: boolean;
  assignedLicenses: { skuId: string }[];
}

export interface FakeGraphGroup {
  id: string;
  displayName: string;
  mail: string | null;
  groupTypes: string[];
  mailEnabled: boolean;
  securityEnabled: boolean;
  members: string[];
}

const graphError = (code: string, message: string) => ({
  error: {
    code,
    message,
    innerError: {
      date: '2026-11-27T10:00:00',
      'request-id': 'fake-request',
      'client-request-id': 'fake-client',
    },
  },
});

export async function startMicrosoftGraphFake() {
  const client = { clientId: '00000000-aaaa-bbbb-cccc-000000000001', clientSecret: 'fake~secret' };
  const users: FakeGraphUser[] = [];
  const groups: FakeGraphGroup[] = [];
  const requests: {
    method: string;
    path: string;
    query: URLSearchParams;
    headers: IncomingMessage['headers'];
    body: unknown;
  }[] = [];
  const planted: { retryAfter: string; path?: string }[] = [];
  const refreshTokens = new Set(['0.refresh-token-of-contoso']);
  const codes = new Map([['M.code-from-consent', '0.refresh-token-of-contoso']]);
  const accessTokens = new Set<string>();
  const skus = [{ skuId: '05e9a617-0261-4cee-bb44-138d3ef5d965', skuPartNumber: 'SPE_E3' }];
  let nextId = 1;
  let revoked = false;
  const uuid = () => `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const noContent = (res: ServerResponse) => res.writeHead(204).end();

  async function bodyOf(req: IncomingMessage): Promise<unknown> {
    let text = '';
    for await (const chunk of req) text += chunk;
    if ((req.headers['content-type'] ?? '').includes('application/json'))
      return text ? JSON.parse(text) : null;
    return Object.fromEntries(new URLSearchParams(text));
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await bodyOf(req);
    const method = req.method ?? 'GET';
    const path = decodeURIComponent(url.pathname);
    requests.push({ method, path, query: url.searchParams, headers: req.headers, body });

    if (path === '/common/oauth2/v2.0/token' && method === 'POST') {
      const form = body as Record<string, string>;
      if (form.client_id !== client.clientId || form.client_secret !== client.clientSecret)
        return json(res, 401, {
          error: 'invalid_client',
          error_description: 'AADSTS7000215: Invalid client secret provided.',
        });
      const refresh =
        form.grant_type === 'authorization_code'
          ? codes.get(form.code ?? '')
          : refreshTokens.has(form.refresh_token ?? '')
            ? form.refresh_token
            : undefined;
      if (!refresh)
        return json(res, 400, {
          error: 'invalid_grant',
          error_description:
            'AADSTS70000: The provided grant has expired due to it being revoked.\r\nTrace ID: fake',
        });
      const access = `eyJ0eXAi.access-${nextId++}`;
      accessTokens.add(access);
      // A refresh answers a new refresh token (the identity platform replaces it at every use); the
      // old one stays valid, as there.
      const next = form.grant_type === 'refresh_token' ? `0.refresh-token-of-contoso-${nextId++}` : refresh;
      refreshTokens.add(next);
      return json(res, 200, {
        token_type: 'Bearer',
        scope: 'User.ReadWrite.All',
        expires_in: 3599,
        access_token: access,
        refresh_token: next,
      });
    }

    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (revoked || !accessTokens.has(token))
      return json(
        res,
        401,
        graphError('InvalidAuthenticationToken', 'Access token has expired or is not yet valid.'),
      );
    const failure = planted.findIndex((p) => !p.path || path.startsWith(p.path));
    if (failure >= 0) {
      const [p] = planted.splice(failure, 1);
      return json(
        res,
        429,
        {
          error: {
            code: 'TooManyRequests',
            innerError: {
              code: '429',
              date: '2020-08-18T12:51:51',
              message: 'Please retry after',
              'request-id': '94fb3b52-452a-4535-a601-69e0a90e3aa2',
              status: '429',
            },
            message: 'Please retry again later.',
          },
        },
        { 'Retry-After': p!.retryAfter },
      );
    }

    const base = `${origin}/v1.0`;
    const collection = (entity: string, items: object[]) => {
      const top = Number(url.searchParams.get('$top') ?? 100) || 100;
      const skip = Number(url.searchParams.get('$skiptoken') ?? 0);
      const page = items.slice(skip, skip + top);
      const next = new URL(`${base}${path.slice('/v1.0'.length)}`);
      for (const [k, v] of url.searchParams) if (k !== '$skiptoken') next.searchParams.set(k, v);
      next.searchParams.set('$skiptoken', String(skip + top));
      return {
        '@odata.context': `https://graph.microsoft.com/v1.0/$metadata#${entity}`,
        value: page,
        ...(skip + top < items.length ? { '@odata.nextLink': next.href } : {}),
      };
    };
    const userBody = (u: FakeGraphUser) => ({ ...u, mail: u.userPrincipalName });
    const findUser = (key: string) =>
      users.find((u) => u.id === key || u.userPrincipalName === key.toLowerCase());
    const groupBody = ({ members: _m, ...g }: FakeGraphGroup) => g;
    let m: RegExpMatchArray | null;

    if (path === '/v1.0/organization' && method === 'GET')
      return json(res, 200, {
        value: [
          {
            id: 'tenant',
            verifiedDomains: [
              { name: 'contoso.onmicrosoft.com', isDefault: false },
              { name: 'contoso.com', isDefault: true },
            ],
          },
        ],
      });
    if (path === '/v1.0/subscribedSkus') return json(res, 200, { value: skus });
    if (path === '/v1.0/users' && method === 'GET')
      return json(res, 200, collection('users', users.map(userBody)));
    if (path === '/v1.0/users' && method === 'POST') {
      const b = body as { userPrincipalName: string; givenName: string; surname: string };
      if (findUser(b.userPrincipalName))
        return json(
          res,
          400,
          graphError(
            'Request_BadRequest',
            'Another object with the same value for property userPrincipalName already exists.',
          ),
        );
      return json(res, 201, userBody(addUser(b.userPrincipalName, b.givenName, b.surname)));
    }
    m = path.match(/^\/v1\.0\/users\/([^/]+)\/assignLicense$/);
    if (m && method === 'POST') {
      const user = findUser(m[1]!);
      if (!user)
        return json(res, 404, graphError('Request_ResourceNotFound', `Resource '${m[1]}' does not exist.`));
      user.assignedLicenses.push(
        ...(body as { addLicenses: { skuId: string }[] }).addLicenses.map((l) => ({ skuId: l.skuId })),
      );
      return json(res, 200, userBody(user));
    }
    m = path.match(/^\/v1\.0\/users\/([^/]+)$/);
    if (m) {
      const user = findUser(m[1]!);
      if (!user)
        return json(
          res,
          404,
          graphError(
            'Request_ResourceNotFound',
            `Resource '${m[1]}' does not exist or one of its queried reference-property objects are not present.`,
          ),
        );
      if (method === 'GET') return json(res, 200, userBody(user));
      if (method === 'PATCH') {
        Object.assign(user, body);
        return noContent(res);
      }
      if (method === 'DELETE') {
        users.splice(users.indexOf(user), 1);
        return noContent(res);
      }
    }
    if (path === '/v1.0/groups' && method === 'GET')
      return json(res, 200, collection('groups', groups.map(groupBody)));
    m = path.match(/^\/v1\.0\/groups\/([^/]+)(\/.*)?$/);
    if (m) {
      const group = groups.find((g) => g.id === m![1]);
      if (!group)
        return json(res, 404, graphError('Request_ResourceNotFound', `Resource '${m[1]}' does not exist.`));
      const rest = m[2] ?? '';
      if (!rest && method === 'GET') return json(res, 200, groupBody(group));
      if (rest === '/members/$count' && method === 'GET') {
        if (req.headers.consistencylevel !== 'eventual')
          return json(
            res,
            400,
            graphError('Request_BadRequest', 'Count is not supported without ConsistencyLevel eventual.'),
          );
        res.writeHead(200, { 'content-type': 'text/plain' });
        return res.end(String(group.members.length));
      }
      if (rest === '/members' && method === 'GET')
        return json(
          res,
          200,
          collection(
            'directoryObjects',
            group.members.map((id) => ({
              '@odata.type': '#microsoft.graph.user',
              ...userBody(findUser(id)!),
            })),
          ),
        );
      if (rest === '/members/$ref' && method === 'POST') {
        const ref = (body as { '@odata.id': string })['@odata.id'];
        const id = ref.split('/').pop() ?? '';
        if (!findUser(id))
          return json(res, 404, graphError('Request_ResourceNotFound', `Resource '${id}' does not exist.`));
        if (group.members.includes(id))
          return json(
            res,
            400,
            graphError(
              'Request_BadRequest',
              "One or more added object references already exist for the following modified properties: 'members'.",
            ),
          );
        group.members.push(id);
        return noContent(res);
      }
      m = rest.match(/^\/members\/([^/]+)\/\$ref$/);
      if (m && method === 'DELETE') {
        if (!group.members.includes(m[1]!))
          return json(res, 404, graphError('Request_ResourceNotFound', `Resource '${m[1]}' does not exist.`));
        group.members = group.members.filter((id) => id !== m![1]);
        return noContent(res);
      }
    }
    json(res, 404, graphError('Request_ResourceNotFound', 'Resource not found.'));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function addUser(upn: string, givenName: string | null = null, surname: string | null = null) {
    const user: FakeGraphUser = {
      id: uuid(),
      userPrincipalName: upn.toLowerCase(),
      givenName,
      surname,
      accountEnabled: true,
      assignedLicenses: [],
    };
    users.push(user);
    return user;
  }

  return {
    url: origin,
    client,
    skus,
    refreshToken: '0.refresh-token-of-contoso',
    code: 'M.code-from-consent',
    urls: { graphUrl: origin, loginUrl: origin },
    users,
    groups,
    requests,
    addUser,
    addGroup(
      displayName: string,
      options: Partial<Pick<FakeGraphGroup, 'groupTypes' | 'mailEnabled' | 'securityEnabled'>> = {},
      members: FakeGraphUser[] = [],
    ) {
      const group: FakeGraphGroup = {
        id: uuid(),
        displayName,
        mail:
          options.mailEnabled === false
            ? null
            : `${displayName.toLowerCase().replace(/\s+/g, '')}@contoso.com`,
        groupTypes: options.groupTypes ?? ['Unified'],
        mailEnabled: options.mailEnabled ?? true,
        securityEnabled: options.securityEnabled ?? false,
        members: members.map((u) => u.id),
      };
      groups.push(group);
      return group;
    },
    /** The next answer (to `path` or any) is a 429 with this `Retry-After`. */
    plant(retryAfter: string, path?: string) {
      planted.push({ retryAfter, ...(path ? { path } : {}) });
    },
    revoke() {
      revoked = true;
      refreshTokens.clear();
    },
    reset() {
      users.length = 0;
      groups.length = 0;
      requests.length = 0;
      planted.length = 0;
      revoked = false;
      refreshTokens.add('0.refresh-token-of-contoso');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MicrosoftGraphFake = Awaited<ReturnType<typeof startMicrosoftGraphFake>>;
