import { scheduleAppJobs } from './background/app-jobs.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { DatabaseConnectionError, openDatabase } from './db/client.ts';
import { createServices } from './services.ts';

/**
 * `npm run worker`: a process that only works the job queues (EQUIP_ROLE=worker), beside API processes
 * (EQUIP_ROLE=api) on one PostgreSQL server. SIGINT/SIGTERM let running jobs finish, then it exits.
 */
function fail(message: string): never {
  console.error(`\nEquip's worker could not start: ${message}\n`);
  process.exit(1);
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({ ...process.env, EQUIP_ROLE: process.env.EQUIP_ROLE ?? 'worker' });
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (config.role !== 'worker') fail(`EQUIP_ROLE is ${config.role}; this is the worker (EQUIP_ROLE=worker).`);
  if (!config.databaseUrl) fail('the worker needs DATABASE_URL (a PostgreSQL server).');
  const database = await openDatabase({
    kind: 'postgres',
    url: config.databaseUrl,
    poolSize: config.databasePoolSize,
  }).catch((error: unknown) => {
    if (error instanceof DatabaseConnectionError) fail(error.message);
    throw error;
  });
  const services = await createServices(config, database);
  await services.jobs.start();
  await scheduleAppJobs(services.jobs);
  console.log('  Equip worker running (SIGINT or SIGTERM to stop).');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`  ${signal} received: finishing running jobs`);
    await services.jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
