import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counter, RateLimiter } from '../security/rate-limit.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../test/factories.ts';
import { freshWindow } from '../test/rate-windows.ts';
import { IMPORT_POLICIES } from './fairness.ts';

/**
 * Issue 24, a noisy neighbour: an export reads every row its filters match, so each organisation has a
 * share of exports, every list together; past it the answer is 429 with Retry-After and nothing is read.
 */
describe('the per-organisation limit of exports', () => {
  let t: TestApp;
  const policy = IMPORT_POLICIES.exportsPerOrganization;
  const db = () => t.services.database.db;
  const EXPORTS = [
    '/api/devices/export?format=csv',
    '/api/audit-log/export?format=csv',
    '/api/employees/export?format=csv',
    '/api/employees/export.csv',
  ];

  const organization = async () => {
    const uuid = (await createOrganization(db(), `Exports ${randomUUID().slice(0, 6)}`)).uuid;
    const token = await tokenFor(
      t.services,
      await createUser(db(), { organizationUuid: uuid, role: 'it-owner' }),
    );
    return { uuid, get: (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) }) };
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.app.close());

  it('counts every list’s exports together and refuses one past the share; other organisations go on', async () => {
    const a = await organization();
    const b = await organization();
    await freshWindow(policy);
    for (const url of EXPORTS) expect((await a.get(url)).statusCode, url).toBe(200);
    const limiter = new RateLimiter(db());
    const share = counter(policy, a.uuid);
    expect(await limiter.count(share)).toBe(EXPORTS.length);
    await limiter.spend(share, policy.limit - EXPORTS.length);
    for (const url of EXPORTS) {
      const refused = await a.get(url);
      expect(refused.statusCode, url).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(refused.headers['content-disposition']).toBeUndefined();
      expect(refused.json().errors[0]).toMatchObject({ errorType: 'TooManyRequests', errorCode: 429 });
    }
    expect(await limiter.count(share)).toBe(policy.limit);
    expect((await b.get(EXPORTS[0]!)).statusCode).toBe(200);
  });
});

/**
 * Issue 24: an import reads, checks and writes up to 50,000 rows, so each organisation has a share of
 * imports (besides one at a time); an import that fails wrote nothing and gives its turn back.
 */
describe('the per-organisation limit of imports', () => {
  let t: TestApp;
  const policy = IMPORT_POLICIES.importsPerOrganization;
  const db = () => t.services.database.db;
  const HEADER = 'First Name,Last Name,Email';

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.app.close());

  const organization = async () => {
    const uuid = (await createOrganization(db(), `Imports ${randomUUID().slice(0, 6)}`)).uuid;
    const token = await tokenFor(
      t.services,
      await createUser(db(), { organizationUuid: uuid, role: 'it-owner' }),
    );
    const importCsv = (csv: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/employees/import',
        headers: { ...bearer(token), 'content-type': 'text/csv', 'x-file-name': 'people.csv' },
        payload: csv,
      });
    return { uuid, importCsv };
  };
  const person = (tag: string) => `${HEADER}\nAda,${tag},ada.${tag}@${randomUUID().slice(0, 8)}.test\n`;

  it('counts imports that wrote, refuses one past the share, and other organisations go on', async () => {
    const a = await organization();
    const b = await organization();
    await freshWindow(policy);
    const limiter = new RateLimiter(db());
    const share = counter(policy, a.uuid);
    expect((await a.importCsv(person('first'))).statusCode).toBe(201);
    expect(await limiter.count(share)).toBe(1);
    // A refused file wrote nothing: its turn is given back.
    expect((await a.importCsv(`${HEADER}\nAda,Bad,not-an-email\n`)).statusCode).toBe(400);
    expect(await limiter.count(share)).toBe(1);

    await limiter.spend(share, policy.limit - 1);
    const refused = await a.importCsv(person('past'));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json().errors[0]).toMatchObject({ errorType: 'TooManyRequests', errorCode: 429 });
    const people = await t.app.inject({
      method: 'GET',
      url: '/api/employees?take=50&textSearchQuery=past',
      headers: bearer(
        await tokenFor(t.services, await createUser(db(), { organizationUuid: a.uuid, role: 'it-owner' })),
      ),
    });
    expect(people.json().items).toEqual([]);
    expect((await b.importCsv(person('other'))).statusCode).toBe(201);
  });
});
