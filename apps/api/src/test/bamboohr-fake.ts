import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of BambooHR's API (a real HTTP server) for the BambooHR client (providers/hr/bamboohr.ts),
 * answering in the shapes of /work/shared/vendors/bamboohr (BambooHR's OpenAPI spec in
 * BambooHR/bhr-api-php @ a6a10ca2; the spec gives schemas, no example bodies):
 * - The company is the first path segment (`/{companyDomain}/api/v1/…`), standing in for the host
 *   `{companyDomain}.bamboohr.com`; an unknown company answers 404.
 * - HTTP Basic with the API key as user name and `x` as password (AUTH-and-errors.json); a wrong key
 *   answers 401 with an empty body and the words in `x-bamboohr-error-message` (the spec's error form).
 * - `POST /api/v1/reports/custom?format=JSON` (POST-reports-custom.spec.json): `Content-Type:
 *   application/json` exactly (anything else is parsed as XML: 400 "Malformed XML"), `{ title, fields,
 *   filters: { lastChanged: { value, includeNull } } }` → `{ title, fields: [{ id, type, name }],
 *   employees: [{ id, <field>: string }] }`, every employee active or not; unknown fields are left out.
 * - Rate limits: a planted 503 or 429 with `Retry-After` (BambooHR documents 503 with Retry-After for
 *   throttling; the body is empty).
 */

export type FakeBambooHrEmployee = { id: string; lastChanged: string } & Record<string, string>;

export async function startBambooHrFake(options: { companyDomain?: string; apiKey?: string } = {}) {
  const companyDomain = options.companyDomain ?? 'acme';
  const apiKey = options.apiKey ?? 'bamboo-api-key-8f2c41d07a9e';
  const employees: FakeBambooHrEmployee[] = [];
  const requests: { path: string; body: unknown; contentType: string | undefined }[] = [];
  const failures: { status: 429 | 503; retryAfter?: string }[] = [];

  const server = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const url = new URL(req.url ?? '/', 'http://fake');
    const [, company, ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    requests.push({ path, body, contentType: req.headers['content-type'] });
    const fail = (status: number, message: string | null, headers: Record<string, string> = {}) => {
      res.writeHead(status, { ...(message ? { 'x-bamboohr-error-message': message } : {}), ...headers });
      res.end();
    };
    const failure = failures.shift();
    if (failure)
      return fail(failure.status, null, failure.retryAfter ? { 'retry-after': failure.retryAfter } : {});
    if (company !== companyDomain) return fail(404, 'Company not found');
    const expected = `Basic ${Buffer.from(`${apiKey}:x`).toString('base64')}`;
    if (req.headers.authorization !== expected) return fail(401, 'Invalid API key');
    if (req.method === 'POST' && path === '/api/v1/reports/custom') {
      if (req.headers['content-type'] !== 'application/json') return fail(400, 'Malformed XML');
      if (url.searchParams.get('format')?.toLowerCase() !== 'json') return fail(404, null);
      const request = body as { fields?: string[]; filters?: { lastChanged?: { value: string } } };
      const fields = request.fields ?? [];
      const since = request.filters?.lastChanged?.value;
      const rows = employees
        .filter((e) => !since || Date.parse(e.lastChanged) >= Date.parse(since))
        .map((e) =>
          Object.fromEntries([['id', e.id], ...fields.filter((f) => f in e).map((f) => [f, e[f]])]),
        );
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          title: (body as { title?: string }).title ?? 'Report',
          fields: fields.map((id) => ({ id, type: 'text', name: id })),
          employees: rows,
        }),
      );
    }
    return fail(404, null);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    /** The base URL template for the client: the company in the path. */
    url: `http://127.0.0.1:${port}/{companyDomain}`,
    companyDomain,
    apiKey,
    employees,
    requests,
    failNext(status: 429 | 503, retryAfter?: string) {
      failures.push({ status, ...(retryAfter ? { retryAfter } : {}) });
    },
    reset() {
      employees.length = 0;
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
export type BambooHrFake = Awaited<ReturnType<typeof startBambooHrFake>>;
