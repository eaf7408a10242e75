import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of Personio's API v1 (a real HTTP server) for the Personio client (providers/hr/personio.ts),
 * answering in the shapes of /work/shared/vendors/personio (personio/api-docs @ 2f3707ff):
 * - `POST /v1/auth` (POST-auth.json): JSON or form body, or query parameters (the Postman collection's
 *   form), `client_id` and `client_secret` → `{ success: true, data: { token, expires_in, scope } }`;
 *   wrong ones → 401 with the documented error body (error-401.json: `{ success: false, error: {
 *   message, code } }`; the spec documents no message for this case, so the example's is used).
 * - `GET /v1/company/employees?limit=&offset=&updated_since=` (GET-company-employees.json): attribute
 *   objects `{ label, value, type, universal_id }`, `metadata { total_elements, current_page,
 *   total_pages }`, `offset`, `limit`. No token → 401 (error-401.json), a token it did not give → 403
 *   (error-403.json).
 * - Rate limits: the spec documents no 429 body (AUTH.json's note); a planted 429 answers the v1 error
 *   shape with `Retry-After`, and `X-RateLimit-Remaining`/`X-RateLimit-Reset` as Personio sends them.
 */

export interface FakePersonioEmployee {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  status: 'active' | 'onboarding' | 'leave' | 'inactive';
  position: string | null;
  department: { id: number; name: string } | null;
  office: string | null;
  supervisorId: number | null;
  hireDate: string | null;
  terminationDate: string | null;
  lastModifiedAt: string;
}

const attribute = (label: string, universalId: string, value: unknown, type = 'standard') => ({
  label,
  value,
  type,
  universal_id: universalId,
});

/** An employee as Personio v1 answers it (the example's attributes, with this person's values). */
function employeeBody(e: FakePersonioEmployee) {
  return {
    type: 'Employee',
    attributes: {
      id: attribute('ID', 'id', e.id, 'integer'),
      first_name: attribute('First name', 'first_name', e.firstName),
      last_name: attribute('Last name', 'last_name', e.lastName),
      preferred_name: attribute('Name (preferred)', 'preferred_name', `${e.firstName} ${e.lastName}`),
      email: attribute('Email', 'email', e.email),
      gender: attribute('Gender', 'gender', 'diverse'),
      status: attribute('Status', 'status', e.status),
      position: attribute('Position', 'position', e.position),
      supervisor: attribute(
        'Supervisor',
        'supervisor',
        e.supervisorId === null
          ? null
          : { type: 'Employee', attributes: { id: attribute('ID', 'id', e.supervisorId, 'integer') } },
      ),
      employment_type: attribute('Employment type', 'employment_type', 'internal'),
      weekly_working_hours: attribute('Weekly hours', 'weekly_working_hours', '40'),
      hire_date: attribute(
        'Hire date',
        'hire_date',
        e.hireDate ? `${e.hireDate}T00:00:00+01:00` : null,
        'date',
      ),
      contract_end_date: attribute('Contract ends', 'contract_end_date', null, 'date'),
      termination_date: attribute(
        'Termination date',
        'termination_date',
        e.terminationDate ? `${e.terminationDate}T00:00:00+01:00` : null,
        'date',
      ),
      last_modified_at: attribute('Last modified', 'last_modified_at', e.lastModifiedAt, 'date'),
      office: attribute(
        'Office',
        'office',
        e.office ? { type: 'Office', attributes: { id: 131014, name: e.office } } : null,
      ),
      department: attribute(
        'Department',
        'department',
        e.department ? { type: 'Department', attributes: e.department } : null,
      ),
      cost_centers: attribute('Cost center', 'cost_centers', [
        { type: 'CostCenter', attributes: { id: 82957, name: 'Cost center 1', percentage: 100 } },
      ]),
      last_working_day: attribute('Last day of work', 'last_working_day', null, 'date'),
      dynamic_24407: attribute('Title', 'dynamic_24407', 'Dr'),
    },
  };
}

export interface PersonioRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  at: number;
}

interface PlantedFailure {
  status: 429 | 500 | 503;
  retryAfter?: string;
  path?: string;
}

export async function startPersonioFake(options: { clientId?: string; clientSecret?: string } = {}) {
  const credentials = {
    clientId: options.clientId ?? 'papi-0f9d1c2e-client',
    clientSecret: options.clientSecret ?? 'papi-secret-7d41b0c9a2e85f36',
  };
  const employees: FakePersonioEmployee[] = [];
  const tokens = new Set<string>();
  const requests: PersonioRequest[] = [];
  const failures: PlantedFailure[] = [];
  let rateLimit: { remaining: number; reset: string } | null = null;

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const v1Error = (
    res: ServerResponse,
    status: number,
    message: string,
    headers: Record<string, string> = {},
  ) => json(res, status, { success: false, error: { message, code: status } }, headers);

  async function bodyOf(req: IncomingMessage): Promise<URLSearchParams> {
    let text = '';
    for await (const chunk of req) text += chunk;
    if ((req.headers['content-type'] ?? '').includes('application/json')) {
      const parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      return new URLSearchParams(Object.entries(parsed).map(([k, v]): [string, string] => [k, String(v)]));
    }
    return new URLSearchParams(text);
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      at: Date.now(),
    });
    const planted = failures.findIndex((f) => !f.path || f.path === url.pathname);
    if (planted >= 0) {
      const [failure] = failures.splice(planted, 1);
      return v1Error(
        res,
        failure!.status,
        'Too Many Requests',
        failure!.retryAfter ? { 'retry-after': failure!.retryAfter } : {},
      );
    }
    const limitHeaders: Record<string, string> = rateLimit
      ? {
          'x-ratelimit-limit': '60',
          'x-ratelimit-remaining': String(rateLimit.remaining),
          'x-ratelimit-reset': rateLimit.reset,
        }
      : {};

    if (req.method === 'POST' && url.pathname === '/v1/auth') {
      const body = await bodyOf(req);
      const id = body.get('client_id') ?? url.searchParams.get('client_id');
      const secret = body.get('client_secret') ?? url.searchParams.get('client_secret');
      if (id !== credentials.clientId || secret !== credentials.clientSecret)
        return v1Error(res, 401, 'Authorization is not provided');
      const token = `eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.${randomUUID()}`;
      tokens.add(token);
      return json(
        res,
        200,
        { success: true, data: { token, expires_in: 86400, scope: 'employees:read' } },
        limitHeaders,
      );
    }

    if (req.method === 'GET' && url.pathname === '/v1/company/employees') {
      const auth = req.headers.authorization;
      if (!auth) return v1Error(res, 401, 'Authorization is not provided');
      if (!tokens.has(auth.replace(/^Bearer /, '')))
        return v1Error(res, 403, 'Provided authorization is not valid');
      const limit = Math.max(1, Number(url.searchParams.get('limit') ?? 10));
      const offset = Math.max(0, Number(url.searchParams.get('offset') ?? 0));
      const since = url.searchParams.get('updated_since');
      const matching = employees.filter(
        (e) => !since || Date.parse(e.lastModifiedAt) >= Date.parse(`${since}Z`),
      );
      return json(
        res,
        200,
        {
          success: true,
          metadata: {
            total_elements: matching.length,
            current_page: Math.floor(offset / limit),
            total_pages: Math.ceil(matching.length / limit),
          },
          offset,
          limit,
          data: matching.slice(offset, offset + limit).map(employeeBody),
        },
        limitHeaders,
      );
    }
    return json(res, 404, { success: false, error: { message: 'Es ist ein Problem aufgetreten ', code: 0 } });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  let nextId = 1;

  return {
    url: `http://127.0.0.1:${port}`,
    credentials,
    employees,
    requests,
    addEmployee(e: Partial<FakePersonioEmployee> & Pick<FakePersonioEmployee, 'firstName' | 'lastName'>) {
      const employee: FakePersonioEmployee = {
        id: nextId++,
        email: `${e.firstName}.${e.lastName}@demo.email`.toLowerCase(),
        status: 'active',
        position: null,
        department: null,
        office: null,
        supervisorId: null,
        hireDate: '2020-01-01',
        terminationDate: null,
        lastModifiedAt: '2025-01-01T10:00:00+01:00',
        ...e,
      };
      employees.push(employee);
      return employee;
    },
    /** The next request (to `path`, when given) answers this status, with `retry-after` when given. */
    failNext(status: PlantedFailure['status'], where: { retryAfter?: string; path?: string } = {}) {
      failures.push({ status, ...where });
    },
    /** Every answer from now carries these rate-limit headers. */
    setRateLimit(limit: { remaining: number; reset: string } | null) {
      rateLimit = limit;
    },
    /** Every token given so far stops working (403), as after the credentials were rotated. */
    revokeTokens() {
      tokens.clear();
    },
    reset() {
      employees.length = 0;
      requests.length = 0;
      failures.length = 0;
      tokens.clear();
      rateLimit = null;
      nextId = 1;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type PersonioFake = Awaited<ReturnType<typeof startPersonioFake>>;
