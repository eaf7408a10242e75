import { and, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventLog, users } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { App } from '../../http/types.ts';
import { IMPORT_RETRY_AFTER_SECONDS, lockImports } from '../../imports/fairness.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testDatabaseKind } from '../../test/database.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';

/**
 * Issue #7, "one tenant can stall everyone": CSV imports read their file in slices that leave other
 * requests their turn, run one at a time per organisation, and refuse files beyond the bounds; a
 * malformed file or file name is a clear 400.
 */
describe('CSV import: fair share and bounds', () => {
  let t: TestApp;
  let app: App;

  const db = () => t.services.database.db;
  const HEADER = 'First Name,Last Name,Email,Phone,Start Date,End Date,Department,Position';

  /** A new organisation with its it-owner's token. */
  async function organization() {
    const org = await createOrganization(db());
    const owner = await createUser(db(), { organizationUuid: org.uuid, role: 'it-owner' });
    return { uuid: org.uuid, token: await tokenFor(t.services, owner) };
  }

  const importCsv = (token: string, csv: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/employees/import',
      headers: { ...bearer(token), 'content-type': 'text/csv', 'x-file-name': 'people.csv', ...headers },
      payload: csv,
    });

  const people = (count: number, tag: string) =>
    [
      HEADER,
      ...Array.from({ length: count }, (_, i) => `P${i},${tag},p${i}.${tag}@fair.test,,2026-01-10,,Sales,`),
    ].join('\n');

  const importedCount = async (organizationUuid: string) =>
    (await db().select().from(users).where(eq(users.organizationUuid, organizationUuid))).length - 1;

  type ParseConfig = Record<string, unknown>;
  /**
   * Runs `during` once, when the next import starts reading its file, and records `rows` each time the
   * parser hands over rows; answers the list of events.
   */
  function whenReadingStarts(during: (events: string[]) => void): string[] {
    const events: string[] = [];
    const parse = Papa.parse;
    vi.spyOn(Papa, 'parse').mockImplementationOnce(((input: string, config: ParseConfig) => {
      during(events);
      const wrapped = Object.fromEntries(
        Object.entries(config).map(([key, value]) =>
          (key === 'step' || key === 'chunk') && typeof value === 'function'
            ? [
                key,
                (...args: unknown[]) => {
                  events.push('rows');
                  return (value as (...a: unknown[]) => unknown)(...args);
                },
              ]
            : [key, value],
        ),
      );
      return parse(input, wrapped as Papa.ParseConfig<string[]>);
    }) as unknown as typeof Papa.parse);
    return events;
  }

  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await app.close();
  });

  it('answers other requests while it reads a large file (three imports held /healthz for 9.3 s)', async () => {
    const org = await organization();
    const events = whenReadingStarts((list) => {
      void app
        .inject({ method: 'GET', url: '/healthz' })
        .then((res) => list.push(`healthz ${res.statusCode}`));
    });
    const res = await importCsv(org.token, people(5000, 'slices'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ imported: 5000 });
    // /healthz was answered between two slices of the file, not after the last one.
    const answered = events.indexOf('healthz 200');
    expect(answered).toBeGreaterThan(0);
    expect(events.lastIndexOf('rows')).toBeGreaterThan(answered);
  });

  it('runs one import per organisation at a time: the next answers 429 with Retry-After', async () => {
    const org = await organization();
    const other = await organization();
    let second: ReturnType<typeof importCsv> | undefined;
    let otherOrganization: ReturnType<typeof importCsv> | undefined;
    whenReadingStarts(() => {
      second = importCsv(org.token, people(10, 'second'));
      otherOrganization = importCsv(other.token, people(10, 'other'));
    });
    const first = await importCsv(org.token, people(3000, 'first'));
    expect(first.statusCode).toBe(201);

    const refused = await second!;
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(IMPORT_RETRY_AFTER_SECONDS));
    expect(refused.json()).toEqual({
      errors: [
        {
          msg: 'An import for your organisation is running. Try again when it has finished.',
          errorType: 'TooManyRequests',
          errorCode: 429,
        },
      ],
    });
    // Another organisation's import is not held up by it, and the organisation's next one runs.
    expect((await otherOrganization!).statusCode).toBe(201);
    expect((await importCsv(org.token, people(10, 'later'))).statusCode).toBe(201);
    expect(await importedCount(org.uuid)).toBe(3010);
  });

  it.skipIf(testDatabaseKind() === 'pglite')(
    'holds across instances: the organisation’s database lock refuses an import (PostgreSQL)',
    async () => {
      // On PGlite there is one connection: a second transaction could not even start while this one
      // is open, and one process owns the database, so the in-process rule above is the whole story.
      const org = await organization();
      await withTenant(db(), org.uuid, async (tx) => {
        await lockImports(tx, org.uuid); // as another instance's import would
        const res = await importCsv(org.token, people(10, 'elsewhere'));
        expect(res.statusCode).toBe(429);
        expect(res.headers['retry-after']).toBe(String(IMPORT_RETRY_AFTER_SECONDS));
      });
      expect((await importCsv(org.token, people(10, 'elsewhere'))).statusCode).toBe(201);
    },
  );

  describe('files beyond the bounds are refused as a whole, quickly', () => {
    it('a header of 1,000,000 columns (it was accepted)', async () => {
      const org = await organization();
      const header = `${HEADER}${',Extra'.repeat(999_992)}`;
      const res = await importCsv(org.token, `${header}\nAda,Lovelace,ada@fair.test\n`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        {
          msg: 'Line 1 has more than 100 columns. Rows can have at most 100 columns of at most 1,000 characters each.',
          errorType: 'FileHeadersNotValid',
          location: 'body',
          errorCode: 400,
        },
      ]);
      expect(await importedCount(org.uuid)).toBe(0);
    });

    it('a cell of more than 1,000 characters, even in a column that is not imported', async () => {
      const org = await organization();
      const csv = `First Name,Last Name,Email,Notes\nAda,Lovelace,ada@fair.test,${'n'.repeat(5000)}\n`;
      const res = await importCsv(org.token, csv);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].msg).toBe(
        'Line 2 has a cell longer than 1,000 characters (column 4). Rows can have at most 100 columns of at most 1,000 characters each.',
      );
      expect(await importedCount(org.uuid)).toBe(0);
    });

    it('a row that does not end: the parser stops before building it', async () => {
      const org = await organization();
      const res = await importCsv(org.token, `${HEADER}\nAda,"${'x,\n'.repeat(100_000)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].msg).toBe(
        'Line 2 starts a row of more than 200,300 characters. Rows can have at most 100 columns of at most 1,000 characters each.',
      );
    });
  });

  it('names the lines a malformed quote merged instead of importing fewer rows than the file has', async () => {
    const org = await organization();
    const csv = [
      'First Name,Last Name,Email',
      'Ada,"Love"lace,ada@fair.test',
      'Bob,Smith,bob@fair.test',
      'Cy,"Z",cy@fair.test',
      'Dan,D,dan@fair.test',
    ].join('\r\n');
    const res = await importCsv(org.token, csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        msg: 'Lines 2–4 were read as one row: a cell there starts with a quote (") that does not end on its line, so the line breaks became part of the cell. Remove the stray quote, or put the whole cell in quotes and double every quote inside it ("").',
        errorType: 'UnknownError',
        location: 'body',
        errorCode: 400,
      },
    ]);
    expect(await importedCount(org.uuid)).toBe(0);
  });

  describe('x-file-name', () => {
    it.each([
      ['%E0%A4%A', 'The file name is not URI-encoded (encodeURIComponent)'],
      ['people%00.csv', 'The file name must not contain control characters (such as NUL)'],
    ])('%s answers 400 at the header (it answered 500), and nothing is imported', async (name, msg) => {
      const org = await organization();
      const res = await importCsv(org.token, people(2, 'named'), { 'x-file-name': name });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        errors: [
          {
            msg,
            location: 'header',
            param: 'x-file-name',
            path: ['x-file-name'],
            errorType: 'ZodValidationError',
            errorCode: 400,
          },
        ],
      });
      expect(await importedCount(org.uuid)).toBe(0);
    });

    it('is decoded into the event log', async () => {
      const org = await organization();
      const res = await importCsv(org.token, people(2, 'decoded'), {
        'x-file-name': encodeURIComponent('Mitarbeiter März.csv'),
      });
      expect(res.statusCode).toBe(201);
      const [summary] = await db()
        .select()
        .from(eventLog)
        .where(and(eq(eventLog.organizationUuid, org.uuid), eq(eventLog.type, 'USERS_IMPORTED')));
      expect(summary?.data).toMatchObject({ count: 2, fileName: 'Mitarbeiter März.csv' });
    });
  });
});
