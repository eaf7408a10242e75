import type { Db } from '../db/client.ts';
import type { DemoStaff } from './demo-staff.ts';
import type { Random } from './random.ts';

/** What every area of a demo organisation is seeded with. */
export interface DemoScope {
  /** The seeding transaction. */
  db: Db;
  random: Random;
  now: Date;
  organizationUuid: string;
  organizationName: string;
  staff: DemoStaff;
}
