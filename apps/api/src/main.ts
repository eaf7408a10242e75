import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { scheduleAppJobs } from './background/app-jobs.ts';
import { type AppConfig, ConfigError, loadConfig } from './config/env.ts';
import { type Database, DatabaseConnectionError, openDatabase } from './db/client.ts';
import { sharedEmailCount } from './db/emails.ts';
import { startPgliteControl } from './db/pglite-control.ts';
import { isDatabaseEmpty, seedDemoOrganization } from './demo/seed-demo.ts';
import { ensureFeatureFlags } from './modules/flags/service.ts';
import { createServices } from './services.ts';

/** Start-up problems we can explain in one sentence end the process with that sentence, not a stack. */
function fail(message: string): never {
  console.error(`\nEquip could not start: ${message}\n`);
  process.exit(1);
}

async function openConfiguredDatabase(config: AppConfig): Promise<Database> {
  try {
    return await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
        : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
    );
  } catch (error) {
    if (error instanceof DatabaseConnectionError) fail(error.message);
    throw error;
  }
}

function printWelcome(config: AppConfig) {
  const loginsFile = path.join(config.dataDir, 'demo-logins.json');
  const lines = [`\n  Equip is running at ${config.publicUrl}`];
  if (existsSync(loginsFile)) {
    const logins = JSON.parse(readFileSync(loginsFile, 'utf8')) as {
      email: string;
      password: string;
      role: string;
    }[];
    lines.push('', `  Demo logins (also in ${loginsFile}):`);
    for (const login of logins)
      lines.push(`    ${login.role.padEnd(12)} ${login.email.padEnd(28)} ${login.password}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  if (config.role === 'worker') fail('EQUIP_ROLE=worker runs with `npm run worker` (no web server).');
  const database = await openConfiguredDatabase(config);
  await ensureFeatureFlags(database.db, config.seedDemo ? 'on' : 'off');
  if (config.seedDemo && (await isDatabaseEmpty(database.db))) {
    console.log('  First start: creating the demo organisation…');
    await seedDemoOrganization(database.db, { dataDir: config.dataDir });
  }

  const services = await createServices(config, database);
  const app = await buildApp(services, { serveWeb: true });
  // The job runner starts before the first request: on PGlite a request's transaction may enqueue.
  await services.jobs.start();
  if (config.role !== 'api') await scheduleAppJobs(services.jobs);
  // PGlite is this process's alone: backups and migrate:status reach it through it (decision 018).
  const control = database.kind === 'pglite' ? await startPgliteControl(database, config.dataDir) : null;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing open requests, then closing the database`);
    // Stop accepting connections and let in-flight requests finish, then let running jobs finish (their
    // rows stay queued otherwise), then close the database cleanly.
    await app.close();
    await services.jobs.stop();
    await control?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await control?.close();
    await database.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`port ${config.port} is already in use (set PORT to use another).`);
    throw error;
  }
  printWelcome(config);
  // Without the demo, an empty installation is set up in the browser: a new one-time link each start.
  const setupLink = await services.installation.setup.printableLink();
  if (setupLink)
    console.log(
      `  Equip has no organisation yet. Set it up in your browser (the link works once, for 24 hours;\n  a restart prints a new one):\n    ${setupLink}\n`,
    );
  const shared = await sharedEmailCount(database.db);
  if (shared > 0)
    app.log.warn(
      `${shared} email(s) belong to several accounts (from before an email identified one account): they sign in nobody until all but one have another email. \`npm run admin -- email-conflicts\` lists them; provider admins see them at /dashboard/provider-admins.`,
    );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
