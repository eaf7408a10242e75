import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of HiBob's People API (a real HTTP server) for the HiBob client (providers/hr/hibob.ts),
 * answering in the shapes of /work/shared/vendors/hibob (AUTH.json, errors.json,
 * POST-people-search-machine-format.json): HTTP Basic with the service user's ID and token (a wrong pair
 * is 401 with the default error schema `{ key, error }`); `POST /v1/people/search` with `{ fields,
 * showInactive, humanReadable }` → `{ employees: [...] }` in machine format, one object per person (the
 * vendor file's one-key objects are a documentation artefact), inactive people only with `showInactive`;
 * a planted 429 with `Retry-After` (errors.json: the limits are in headers). `internal.status` and
 * `internal.terminationDate` come from HiBob's public field list (apidocs.hibob.com, "Employee fields").
 */

export interface FakeHiBobPerson {
  id: string;
  firstName: string;
  surname: string;
  email: string;
  work: {
    title?: string;
    department?: string;
    site?: string;
    startDate?: string;
    reportsTo?: { id: string } | null;
  };
  internal: { status: 'Active' | 'Inactive'; terminationDate: string | null };
}

export async function startHiBobFake() {
  const serviceUser = { id: 'SERVICE-4421', token: 'hibob-token-2b7d9e10c4f3' };
  const people: FakeHiBobPerson[] = [];
  const requests: { path: string; body: unknown }[] = [];
  const failures: { status: 429; retryAfter?: string }[] = [];

  const server = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const body: unknown = text ? JSON.parse(text) : null;
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    requests.push({ path, body });
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(value));
    };
    const failure = failures.shift();
    if (failure)
      return json(
        429,
        { key: 'rate.limit', error: 'Too Many Requests' },
        failure.retryAfter ? { 'retry-after': failure.retryAfter } : {},
      );
    const expected = `Basic ${Buffer.from(`${serviceUser.id}:${serviceUser.token}`).toString('base64')}`;
    if (req.headers.authorization !== expected)
      return json(401, { key: 'unauthorized', error: 'Unauthorized' });
    if (req.method === 'POST' && path === '/v1/people/search') {
      const { showInactive } = (body ?? {}) as { showInactive?: boolean };
      const employees = people
        .filter((p) => showInactive || p.internal.status === 'Active')
        .map((p) => ({ ...p, displayName: `${p.firstName} ${p.surname}`, companyId: 636192 }));
      return json(200, { employees });
    }
    return json(404, { key: 'not.found', error: 'Not found' });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    serviceUser,
    people,
    requests,
    failNext(retryAfter?: string) {
      failures.push({ status: 429, ...(retryAfter ? { retryAfter } : {}) });
    },
    reset() {
      people.length = 0;
      requests.length = 0;
      failures.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type HiBobFake = Awaited<ReturnType<typeof startHiBobFake>>;
