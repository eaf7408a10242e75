// One process of bench/mdm-sync.mjs: `fake` (the local Fleet fake with N hosts, in a process of its own
// so that its memory is not counted) or `sync` (the inventory sync of decision 025 against it, on an
// in-memory PGlite or on PostgreSQL at BENCH_MDM_SYNC_DB_URL, measuring time and memory).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadConfig } from '../apps/api/src/config/env.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { devices, mdmConnections } from '../apps/api/src/db/schema/index.ts';
import { syncInventory } from '../apps/api/src/modules/devices/mdm-inventory-sync.ts';
import type { MdmAdapter } from '../apps/api/src/providers/mdm/adapter.ts';
import { MdmAdapters, type StoredMdmConnection } from '../apps/api/src/providers/mdm/mdm-adapters.ts';
import { createOrganization } from '../apps/api/src/test/factories.ts';
import { startFleetFake } from '../apps/api/src/test/fleet-fake.ts';

const [mode = 'sync', countArg = '10000'] = process.argv.slice(2);
const count = Number(countArg);
const MiB = 1024 * 1024;

if (mode === 'fake') {
  const fleet = await startFleetFake({ token: 'bench-fleet-token-0123456789' });
  const addAll = () => {
    for (let id = 1; id <= count; id++)
      fleet.addHost({
        id,
        hostname: `host-${String(id).padStart(5, '0')}`,
        hardware_serial: `BENCH${String(id).padStart(7, '0')}`,
        platform: id % 5 === 0 ? 'windows' : 'darwin',
        software: [],
      });
  };
  addAll();
  process.on('message', (message: { remove?: number; reset?: boolean }) => {
    // `reset`: every host back (a new measurement); `remove`: the last hosts taken out of Fleet.
    if (message.reset) addAll();
    for (let id = count; id > count - (message.remove ?? 0); id--) fleet.hosts.delete(id);
    process.send?.({ done: true });
  });
  process.send?.({ url: fleet.url, token: fleet.token });
} else {
  const url = process.env.BENCH_FLEET_URL!;
  const token = process.env.BENCH_FLEET_TOKEN!;
  const dbUrl = process.env.BENCH_MDM_SYNC_DB_URL;
  const database = dbUrl
    ? await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 5 })
    : await openDatabase({ kind: 'pglite', dataDir: null });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MDM_ALLOW_PRIVATE_SERVERS: 'true' });

  /** This process's resident memory (VmRSS) and its peak so far (VmHWM), MiB (Linux). */
  const memory = (field: 'VmRSS' | 'VmHWM') =>
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024;
  /** Every tenth page: the heap in use after a collection, and the resident memory. */
  const samples: { page: number; heapMiB: number; rssMiB: number }[] = [];
  let pagesRead = 0;

  /** The real adapters, every tenth page's memory noted as the sync reads it. */
  class Sampling extends MdmAdapters {
    override for(
      provider: StoredMdmConnection['provider'],
      connection: StoredMdmConnection | null,
    ): MdmAdapter {
      const adapter = super.for(provider, connection);
      return Object.assign(Object.create(adapter) as MdmAdapter, {
        inventory: async (cursor: string | null) => {
          if (pagesRead++ % 10 === 0) {
            global.gc?.();
            samples.push({
              page: pagesRead,
              heapMiB: Number((process.memoryUsage().heapUsed / MiB).toFixed(1)),
              rssMiB: Number(memory('VmRSS').toFixed(0)),
            });
          }
          return adapter.inventory(cursor);
        },
      });
    }
  }
  const mdm = new Sampling(config.mdm, randomBytes(32));
  const org = await createOrganization(database.db, `Bench sync ${Date.now()}`);
  await database.db.insert(mdmConnections).values({
    organizationUuid: org.uuid,
    provider: 'FLEET',
    baseUrl: url,
    apiTokenEncrypted: mdm.sealToken(token),
    apiTokenHint: null,
  });

  global.gc?.();
  const before = {
    heapMiB: Number((process.memoryUsage().heapUsed / MiB).toFixed(1)),
    rssMiB: Number(memory('VmRSS').toFixed(0)),
  };
  const run = async (label: string) => {
    samples.length = 0;
    pagesRead = 0;
    const started = performance.now();
    const counts = await syncInventory(
      { db: database.db, mdm },
      { organizationUuid: org.uuid, provider: 'FLEET', requestedByUuid: null },
    );
    const ms = performance.now() - started;
    return {
      label,
      seconds: Number((ms / 1000).toFixed(2)),
      counts,
      pages: pagesRead,
      samples: [...samples],
      peakRssMiB: Number(memory('VmHWM').toFixed(0)),
    };
  };

  const results = [await run('first sync: every host created')];
  results.push(await run('second sync: nothing changed'));
  process.send?.({ remove: Math.round(count / 10) });
  await new Promise((resolve) => process.once('message', resolve));
  results.push(await run(`third sync: ${Math.round(count / 10)} hosts gone from Fleet`));
  const total = await database.db.$count(devices);
  console.log(
    JSON.stringify({ database: database.kind, hosts: count, devicesInEquip: total, before, results }),
  );
  await database.close();
}
