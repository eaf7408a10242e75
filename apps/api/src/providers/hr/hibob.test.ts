import { HR_CHECK_ERRORS } from '@equip/domain/integrations';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type HiBobFake, startHiBobFake } from '../../test/hibob-fake.ts';
import { equipUserAgent, outboundFetch } from '../outbound/public-fetch.ts';
import { HiBobClient } from './hibob.ts';

const TODAY = Date.parse('2026-11-27T09:00:00Z');

describe('HiBob API client against a local fake of HiBob', () => {
  let bob: HiBobFake;
  const fetcher = outboundFetch({ allowPrivate: true, userAgent: equipUserAgent('hr') });
  const waits: number[] = [];
  const client = (token?: string) =>
    new HiBobClient(
      { clientId: bob.serviceUser.id, clientSecret: token ?? bob.serviceUser.token },
      {
        baseUrl: bob.url,
        fetcher,
        timeoutMs: 5000,
        maxRetryWaitMs: 5000,
        now: () => TODAY,
        sleep: async (ms) => void waits.push(ms),
      },
    );

  beforeAll(async () => {
    bob = await startHiBobFake();
  });
  afterAll(() => bob.close());
  beforeEach(() => {
    bob.reset();
    waits.length = 0;
    bob.people.push(
      {
        id: '3332883909410030364',
        firstName: 'Zoe',
        surname: 'Clark',
        email: 'zoe.clark_636192@samplebob.com',
        work: {
          title: 'CEO',
          department: 'Management',
          site: 'New York (Demo)',
          startDate: '2012-01-02',
          reportsTo: null,
        },
        internal: { status: 'Active', terminationDate: null },
      },
      {
        id: '3332883911884669725',
        firstName: 'Amy',
        surname: 'Miles',
        email: 'amy.miles_636192@samplebob.com',
        work: {
          title: 'Designer',
          department: 'Product',
          site: 'New York (Demo)',
          startDate: '2015-03-20',
          reportsTo: { id: '3332883909410030364' },
        },
        internal: { status: 'Active', terminationDate: null },
      },
      {
        id: '3332883911884669726',
        firstName: 'Ben',
        surname: 'Ortiz',
        email: 'ben.ortiz_636192@samplebob.com',
        work: { department: 'Product', startDate: '2019-06-01' },
        internal: { status: 'Inactive', terminationDate: '2026-11-20' },
      },
    );
  });

  it('checks the service user with a one-field search', async () => {
    expect(await client().check()).toEqual({ ok: true });
    expect(bob.requests).toEqual([
      { path: '/v1/people/search', body: { fields: ['root.id'], showInactive: false, humanReadable: '' } },
    ]);
  });

  it('says HiBob refused the service user (401) in its words, at the token', async () => {
    expect(await client('wrong').check()).toEqual({
      ok: false,
      error: HR_CHECK_ERRORS.credentialsRefused,
      detail: 'Unauthorized',
      field: 'clientSecret',
    });
  });

  it('reads everyone, active and inactive, in Equip’s terms (one page: search has no paging)', async () => {
    const page = await client().employees(null);
    expect(page.next).toBeNull();
    expect(page.employees.map((e) => [e.lastName, e.status])).toEqual([
      ['Clark', 'active'],
      ['Miles', 'active'],
      ['Ortiz', 'inactive'],
    ]);
    expect(page.employees[1]).toEqual({
      externalId: '3332883911884669725',
      firstName: 'Amy',
      lastName: 'Miles',
      preferredName: 'Amy Miles',
      email: 'amy.miles_636192@samplebob.com',
      personalEmail: null,
      phone: null,
      jobTitle: 'Designer',
      department: { externalId: 'Product', name: 'Product' },
      managerExternalId: '3332883909410030364',
      employmentType: null,
      office: 'New York (Demo)',
      costCenter: null,
      startDate: '2015-03-20',
      endDate: null,
      status: 'active',
      updatedAt: null,
    });
    expect(page.employees[2]).toMatchObject({ endDate: '2026-11-20' });
    expect(await client().departments()).toEqual([
      { externalId: 'Management', name: 'Management' },
      { externalId: 'Product', name: 'Product' },
    ]);
  });

  it('waits out a 429 per Retry-After and then succeeds', async () => {
    bob.failNext('2');
    expect((await client().employees(null)).employees).toHaveLength(3);
    expect(waits).toEqual([2000]);
  });
});
