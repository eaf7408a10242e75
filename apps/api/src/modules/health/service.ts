import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { Readiness } from './readiness.ts';

/** What the health checks are built with (services.ts). */
export interface HealthDeps {
  database: Pick<Database, 'db' | 'kind'>;
  config: Pick<AppConfig, 'role' | 'workerMissingAfterSeconds'>;
}

/** What /readyz answers (readiness.ts): the database, this code's migrations, a live job worker. */
export function createHealthService({ database, config }: HealthDeps): HealthService {
  return new Readiness(database, config);
}

export type HealthService = Readiness;
