import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase } from '../test/database.ts';
import { giveWay, insertRowsAsJson } from './bulk-insert.ts';
import type { Database, Db } from './client.ts';
import { eventLog, organizations } from './schema/index.ts';
import { withTenant } from './tenancy.ts';

describe('long writes that leave others their turn', () => {
  let database: Database;

  beforeAll(async () => {
    database = await getTestDatabase();
  });

  it('giveWay lets one waiting slice go on per turn of the event loop, whoever it belongs to', async () => {
    const order: string[] = [];
    const work = async (name: string) => {
      for (let slice = 1; slice <= 3; slice++) {
        await giveWay();
        order.push(`${name}${slice}`);
        // A request that arrives meanwhile is served before the next slice of either work.
        if (name === 'a' && slice === 1) setImmediate(() => order.push('request'));
      }
    };
    await Promise.all([work('a'), work('b')]);
    expect(order).toEqual(['a1', 'b1', 'request', 'a2', 'b2', 'a3', 'b3']);
  });

  it('paced, writes every row in statements of about the target time and gives way between them', async () => {
    const [org] = await database.db.insert(organizations).values({ name: 'Paced' }).returning();
    const organizationUuid = org!.uuid;
    const rows = Array.from({ length: 300 }, (_, i) => ({
      organizationUuid,
      type: 'USER_ADDED' as const,
      data: { email: `p${i}@paced.test`, via: 'csv-import' },
    }));
    const order: string[] = [];
    let statements = 0;
    await withTenant(database.db, organizationUuid, async (tx) => {
      const counting = Object.assign(Object.create(tx) as Db, {
        execute: ((query) => {
          statements++;
          return tx.execute(query);
        }) as Db['execute'],
      });
      void giveWay().then(() => order.push('other work'));
      await insertRowsAsJson(counting, eventLog, rows, 100, {
        statementMs: 20,
        ginPendingListLimit: '64kB',
      });
      order.push('insert done');
    });
    expect(order).toEqual(['other work', 'insert done']);
    // From 100 rows, a statement grows or shrinks by at most a factor of two: 300 rows take two or more.
    expect(statements).toBeGreaterThanOrEqual(2);
    const written = await database.db
      .select()
      .from(eventLog)
      .where(eq(eventLog.organizationUuid, organizationUuid));
    expect(written).toHaveLength(300);
  });
});
