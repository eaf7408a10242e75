import { EMPLOYEE_IMPORT, type ImportedEmployee } from '@equip/domain/employee-import';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createOrganization } from '../test/factories.ts';
import { commitImport, type InTenant } from './commit.ts';

const FILE = Buffer.from(
  ['First Name,Last Name,Email', 'Ada,Lovelace,ada@commit.test', 'Alan,Turing,alan@commit.test'].join('\n'),
);

/**
 * commitImport reads and checks the file before its transaction (issue 24: on PGlite the transaction
 * holds the one connection, and other organisations' requests waited for the parsing too), so what is
 * taken is asked twice: before, and again where the rows are written.
 */
describe('commitImport', () => {
  let t: TestApp;
  let organizationUuid: string;
  beforeAll(async () => {
    t = await createTestApp();
    organizationUuid = (await createOrganization(t.services.database.db)).uuid;
  });
  afterAll(() => t.app.close());

  /** Transactions of the system handle, counted; and whether one is open. */
  function transactions() {
    const state = { opened: 0, open: false };
    const tenant: InTenant = (work) =>
      t.services.database.db.transaction(async (tx) => {
        state.opened++;
        state.open = true;
        try {
          return await work(tx as Db);
        } finally {
          state.open = false;
        }
      });
    return { state, tenant };
  }

  it('checks the file outside the writing transaction, and writes in one', async () => {
    const { state, tenant } = transactions();
    const written: ImportedEmployee[] = [];
    const result = await commitImport(tenant, {
      schema: EMPLOYEE_IMPORT,
      organizationUuid,
      file: FILE,
      databaseKind: t.services.database.kind,
      taken: async () => ({}),
      writeBatch: async (_tx, values) => {
        expect(state.open).toBe(true);
        written.push(...values);
      },
    });
    expect(result).toEqual({ imported: 2 });
    expect(written.map((e) => e.email)).toEqual(['ada@commit.test', 'alan@commit.test']);
    // One short transaction to ask what is taken, one to write.
    expect(state.opened).toBe(2);
  });

  it('refuses a value taken between the check and the write, at its row, writing nothing', async () => {
    const { tenant } = transactions();
    let asked = 0;
    let writes = 0;
    const outcome = commitImport(tenant, {
      schema: EMPLOYEE_IMPORT,
      organizationUuid,
      file: FILE,
      databaseKind: t.services.database.kind,
      // Free when the file is checked; taken (by someone else) once the writing transaction asks.
      taken: async (_tx, fileValues) => {
        asked++;
        return asked === 1 ? {} : { email: new Set(fileValues('email').slice(1)) };
      },
      writeBatch: async () => {
        writes++;
      },
    });
    await expect(outcome).rejects.toMatchObject({
      status: 400,
      entries: [expect.objectContaining({ errorType: 'EmailInUse', param: 'rows.1.email' })],
    });
    expect(asked).toBe(2);
    expect(writes).toBe(0);
  });
});
