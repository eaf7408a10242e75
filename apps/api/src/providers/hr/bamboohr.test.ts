import { HR_CHECK_ERRORS } from '@equip/domain/integrations';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BambooHrFake, startBambooHrFake } from '../../test/bamboohr-fake.ts';
import { equipUserAgent, outboundFetch } from '../outbound/public-fetch.ts';
import { BambooHrClient } from './bamboohr.ts';

const TODAY = Date.parse('2026-11-27T09:00:00Z');

describe('BambooHR API client against a local fake of BambooHR', () => {
  let bamboo: BambooHrFake;
  const fetcher = outboundFetch({ allowPrivate: true, userAgent: equipUserAgent('hr') });
  const waits: number[] = [];
  const client = (credentials: Partial<{ companyDomain: string; apiKey: string }> = {}) =>
    new BambooHrClient(
      { companyDomain: bamboo.companyDomain, apiKey: bamboo.apiKey, ...credentials },
      {
        baseUrl: bamboo.url,
        fetcher,
        timeoutMs: 5000,
        maxRetryWaitMs: 5000,
        now: () => TODAY,
        sleep: async (ms) => void waits.push(ms),
      },
    );

  beforeAll(async () => {
    bamboo = await startBambooHrFake();
  });
  afterAll(() => bamboo.close());
  beforeEach(() => {
    bamboo.reset();
    waits.length = 0;
    bamboo.employees.push(
      {
        id: '4',
        firstName: 'Charlotte',
        lastName: 'Abbott',
        workEmail: 'CAbbott@efficientoffice.com',
        jobTitle: 'Sr. HR Administrator',
        department: 'Human Resources',
        location: 'Lindon, Utah',
        supervisorEId: '9',
        employmentHistoryStatus: 'Full-Time',
        hireDate: '2012-02-08',
        terminationDate: '0000-00-00',
        status: 'Active',
        lastChanged: '2026-11-20T10:00:00+00:00',
      },
      {
        id: '5',
        firstName: 'Ashley',
        lastName: 'Adams',
        workEmail: 'aadams@efficientoffice.com',
        department: 'IT',
        hireDate: '2026-12-14',
        terminationDate: '0000-00-00',
        status: 'Active',
        lastChanged: '2026-11-25T10:00:00+00:00',
      },
      {
        id: '6',
        firstName: 'Christina',
        lastName: 'Agluinda',
        workEmail: 'cagluinda@efficientoffice.com',
        department: 'IT',
        hireDate: '2015-05-01',
        terminationDate: '2026-11-20',
        status: 'Inactive',
        lastChanged: '2024-01-01T10:00:00+00:00',
      },
    );
  });

  it('checks the key with a one-field report, sent as JSON with HTTP Basic', async () => {
    expect(await client().check()).toEqual({ ok: true });
    expect(bamboo.requests).toEqual([
      {
        path: '/api/v1/reports/custom',
        body: { title: 'Equip', fields: ['firstName'] },
        contentType: 'application/json',
      },
    ]);
  });

  it('says BambooHR refused the key (401) in its words at apiKey, and an unknown company at companyDomain', async () => {
    expect(await client({ apiKey: 'wrong' }).check()).toEqual({
      ok: false,
      error: HR_CHECK_ERRORS.credentialsRefused,
      detail: 'Invalid API key',
      field: 'apiKey',
    });
    expect(await client({ companyDomain: 'globex' }).check()).toMatchObject({
      ok: false,
      detail: 'Company not found',
      field: 'companyDomain',
    });
  });

  it('reads every employee, active and not, in Equip’s terms (one page: the report has no paging)', async () => {
    const page = await client().employees(null);
    expect(page.next).toBeNull();
    expect(page.employees.map((e) => [e.lastName, e.status])).toEqual([
      ['Abbott', 'active'],
      ['Adams', 'onboarding'],
      ['Agluinda', 'inactive'],
    ]);
    expect(page.employees[0]).toEqual({
      externalId: '4',
      firstName: 'Charlotte',
      lastName: 'Abbott',
      preferredName: null,
      email: 'cabbott@efficientoffice.com',
      personalEmail: null,
      phone: null,
      jobTitle: 'Sr. HR Administrator',
      department: { externalId: 'Human Resources', name: 'Human Resources' },
      managerExternalId: '9',
      employmentType: 'Full-Time',
      office: 'Lindon, Utah',
      costCenter: null,
      startDate: '2012-02-08',
      endDate: null,
      status: 'active',
      updatedAt: new Date('2026-11-20T10:00:00Z'),
    });
    expect(page.employees[2]).toMatchObject({ endDate: '2026-11-20' });
    expect(await client().departments()).toEqual([
      { externalId: 'Human Resources', name: 'Human Resources' },
      { externalId: 'IT', name: 'IT' },
    ]);
  });

  it('reads only the people changed since a cursor (lastChanged filter)', async () => {
    const page = await client().changesSince(new Date('2026-11-19T00:00:00Z'), null);
    expect(page.employees.map((e) => e.lastName)).toEqual(['Abbott', 'Adams']);
    expect(bamboo.requests.at(-1)!.body).toMatchObject({
      filters: { lastChanged: { value: '2026-11-19T00:00:00.000Z', includeNull: 'no' } },
    });
  });

  it('waits out a 503 per Retry-After and then succeeds', async () => {
    bamboo.failNext(503, '3');
    expect((await client().employees(null)).employees).toHaveLength(3);
    expect(waits).toEqual([3000]);
  });
});
