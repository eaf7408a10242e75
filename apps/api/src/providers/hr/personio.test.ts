import { HR_CHECK_ERRORS } from '@equip/domain/integrations';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PersonioFake, startPersonioFake } from '../../test/personio-fake.ts';
import { equipUserAgent, outboundFetch } from '../outbound/public-fetch.ts';
import type { HrEmployee, HrEmployeePage } from './adapter.ts';
import { HrApiError } from './http.ts';
import { PersonioClient } from './personio.ts';

const TODAY = Date.parse('2026-11-27T09:00:00Z');

describe('Personio API client against a local fake of Personio', () => {
  let personio: PersonioFake;
  const fetcher = outboundFetch({ allowPrivate: true, userAgent: equipUserAgent('hr') });
  const waits: number[] = [];
  const client = (
    options: Partial<{
      clientSecret: string;
      pageSize: number;
      maxRetryWaitMs: number;
      realClock: boolean;
    }> = {},
  ) =>
    new PersonioClient(
      {
        clientId: personio.credentials.clientId,
        clientSecret: options.clientSecret ?? personio.credentials.clientSecret,
      },
      {
        baseUrl: `${personio.url}/`,
        fetcher,
        timeoutMs: 5000,
        maxRetryWaitMs: options.maxRetryWaitMs ?? 5000,
        pageSize: options.pageSize ?? 2,
        ...(options.realClock
          ? {}
          : {
              now: () => TODAY + waits.reduce((sum, ms) => sum + ms, 0),
              sleep: async (ms: number) => void waits.push(ms),
            }),
      },
    );

  async function everyone(c: PersonioClient, since?: Date): Promise<HrEmployee[]> {
    const people: HrEmployee[] = [];
    let cursor: string | null = null;
    do {
      const page: HrEmployeePage = await (since ? c.changesSince(since, cursor) : c.employees(cursor));
      people.push(...page.employees);
      cursor = page.next;
    } while (cursor !== null);
    return people;
  }

  beforeAll(async () => {
    personio = await startPersonioFake();
  });
  afterAll(() => personio.close());
  beforeEach(() => {
    personio.reset();
    waits.length = 0;
    const cto = personio.addEmployee({
      firstName: 'Alexander',
      lastName: 'Bergmann',
      position: 'CTO',
      department: { id: 281521, name: 'Engineering' },
      office: 'Munich',
      hireDate: '2014-11-09',
    });
    personio.addEmployee({
      firstName: 'Berta',
      lastName: 'Kaiser',
      position: 'Engineer',
      department: { id: 281521, name: 'Engineering' },
      supervisorId: cto.id,
      lastModifiedAt: '2026-11-20T08:00:00+01:00',
    });
    personio.addEmployee({
      firstName: 'Carl',
      lastName: 'Lenz',
      department: { id: 281522, name: 'Sales' },
      hireDate: '2026-12-14',
      status: 'onboarding',
      lastModifiedAt: '2026-11-25T08:00:00+01:00',
    });
    personio.addEmployee({
      firstName: 'Dana',
      lastName: 'Moser',
      hireDate: '2019-03-01',
      terminationDate: '2026-11-20',
    });
    personio.addEmployee({ firstName: 'Emil', lastName: 'Nagel', status: 'leave' });
  });

  it('checks the credentials with a token and one employee', async () => {
    expect(await client().check()).toEqual({ ok: true });
    expect(personio.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/auth',
      'GET /v1/company/employees',
    ]);
  });

  it('says Personio refused the credentials (401), in its words, at the secret', async () => {
    expect(await client({ clientSecret: 'wrong' }).check()).toEqual({
      ok: false,
      error: HR_CHECK_ERRORS.credentialsRefused,
      detail: 'Authorization is not provided',
      field: 'clientSecret',
    });
  });

  it('reads every employee across page boundaries, in Equip’s terms', async () => {
    const c = client();
    const people = await everyone(c);
    expect(people.map((p) => p.lastName)).toEqual(['Bergmann', 'Kaiser', 'Lenz', 'Moser', 'Nagel']);
    const offsets = personio.requests
      .filter((r) => r.path === '/v1/company/employees')
      .map((r) => r.query.get('offset'));
    expect(offsets).toEqual(['0', '2', '4']);
    // One token for all pages.
    expect(personio.requests.filter((r) => r.path === '/v1/auth')).toHaveLength(1);

    expect(people[1]).toEqual({
      externalId: '2',
      firstName: 'Berta',
      lastName: 'Kaiser',
      preferredName: 'Berta Kaiser',
      email: 'berta.kaiser@demo.email',
      personalEmail: null,
      phone: null,
      jobTitle: 'Engineer',
      department: { externalId: '281521', name: 'Engineering' },
      managerExternalId: '1',
      employmentType: 'internal',
      office: null,
      costCenter: 'Cost center 1',
      startDate: '2020-01-01',
      endDate: null,
      status: 'active',
      updatedAt: new Date('2026-11-20T07:00:00Z'),
    });
    expect(people[0]).toMatchObject({ startDate: '2014-11-09', office: 'Munich', managerExternalId: null });
    expect(people[2]).toMatchObject({ status: 'onboarding', startDate: '2026-12-14' });
    expect(people[3]).toMatchObject({ status: 'inactive', endDate: '2026-11-20' });
    expect(people[4]).toMatchObject({ status: 'leave' });
    expect(await c.departments()).toEqual([
      { externalId: '281521', name: 'Engineering' },
      { externalId: '281522', name: 'Sales' },
    ]);
  });

  it('reads only the people changed since a cursor (updated_since)', async () => {
    const people = await everyone(client(), new Date('2026-11-19T00:00:00Z'));
    expect(people.map((p) => p.lastName)).toEqual(['Kaiser', 'Lenz']);
    expect(personio.requests.at(-1)!.query.get('updated_since')).toBe('2026-11-19T00:00:00');
  });

  it('waits out a 429 per Retry-After and then succeeds', async () => {
    personio.failNext(429, { path: '/v1/company/employees', retryAfter: '2' });
    const people = await everyone(client());
    expect(people).toHaveLength(5);
    expect(waits).toEqual([2000]);
  });

  it('waits for real: a 429 with Retry-After 1 is tried again a second later', async () => {
    personio.failNext(429, { path: '/v1/company/employees', retryAfter: '1' });
    const started = Date.now();
    expect(await client({ realClock: true }).check()).toEqual({ ok: true });
    const [limited, retried] = personio.requests.filter((r) => r.path === '/v1/company/employees');
    expect(retried!.at - limited!.at).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('does not wait longer than allowed: rate limited', async () => {
    personio.failNext(429, { path: '/v1/company/employees', retryAfter: '120' });
    expect(await client().check()).toMatchObject({ ok: false, error: HR_CHECK_ERRORS.rateLimited });
    expect(waits).toEqual([]);
  });

  it('waits for the rate limit’s reset when nothing remains, before the next request', async () => {
    personio.setRateLimit({ remaining: 0, reset: '3' });
    const c = client();
    await c.employees(null);
    expect(waits).toEqual([3000]);
  });

  it('asks for a new token once when Personio no longer takes the old one', async () => {
    const c = client();
    await c.employees(null);
    personio.revokeTokens();
    expect((await c.employees(null)).employees).toHaveLength(2);
    expect(personio.requests.filter((r) => r.path === '/v1/auth')).toHaveLength(2);
  });

  it('says a server error passes, and an address that is not Personio is unexpected', async () => {
    personio.failNext(500, { path: '/v1/company/employees' });
    expect(await client().check()).toMatchObject({ ok: false, error: HR_CHECK_ERRORS.serverError });
    const elsewhere = new PersonioClient(personio.credentials, {
      baseUrl: `${personio.url}/not-personio`,
      fetcher,
      timeoutMs: 5000,
      maxRetryWaitMs: 0,
    });
    expect(await elsewhere.check()).toMatchObject({ ok: false, error: HR_CHECK_ERRORS.unexpectedAnswer });
    await expect(elsewhere.employees(null)).rejects.toBeInstanceOf(HrApiError);
  });
});
