import type { Db } from '../db/client.ts';

class Rollback extends Error {}

/**
 * Runs `work` in a transaction that is rolled back afterwards, so a test can seed whole organisations
 * (with fixed login emails and global reference data) without leaving them in the shared test database.
 */
export async function inRolledBackTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  let result: { value: T } | undefined;
  try {
    await db.transaction(async (tx) => {
      result = { value: await work(tx as unknown as Db) };
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return result!.value;
}
