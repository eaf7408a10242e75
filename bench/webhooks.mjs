// Prints the time from an event to the first webhook delivery attempt (decision 010), p50 and p95 over
// sequential events with an idle queue, on PGlite and on PostgreSQL: the real server (npm start) with
// a local receiver (WEBHOOKS_ALLOW_PRIVATE=true), an endpoint subscribed to employee.updated, and an
// employee renamed once per sample. "Event" is the moment the change committed (its answer arrived);
// the request's start is shown too. Target (issue 10): p95 ≤ 1 s.
import { createServer } from 'node:http';
import {
  BENCH_PG,
  freshPostgresDatabase,
  login,
  ms,
  percentile,
  readLogins,
  startServer,
  tempDir,
} from './lib.mjs';

const SAMPLES = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 50);

/** The receiver: resolves the waiter of each webhook-id's first arrival. */
function startReceiver() {
  const waiters = new Map();
  const server = createServer((req, res) => {
    const arrived = performance.now();
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200).end('ok');
      const key = body.data?.after?.lastName;
      waiters.get(key)?.(arrived);
      waiters.delete(key);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}/hook`,
        arrival: (key) => new Promise((r) => waiters.set(key, r)),
        close: () => new Promise((r) => server.close(r)),
      }),
    ),
  );
}

async function measure(label, env) {
  const dataDir = tempDir('webhooks');
  const receiver = await startReceiver();
  const server = await startServer({ EQUIP_DATA_DIR: dataDir, WEBHOOKS_ALLOW_PRIVATE: 'true', ...env });
  try {
    const owner = readLogins(dataDir).find((l) => l.role === 'it-owner');
    const { accessToken } = await login(server.url, owner.email, owner.password);
    const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
    const created = await fetch(`${server.url}/api/webhooks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: receiver.url, eventTypes: ['employee.updated'] }),
    });
    if (created.status !== 201) throw new Error(`endpoint: ${created.status} ${await created.text()}`);
    const people = await fetch(`${server.url}/api/employees?take=1`, { headers }).then((r) => r.json());
    const person = people.items[0].uuid;
    const fromCommit = [];
    const fromRequest = [];
    for (let i = 0; i < SAMPLES + 3; i++) {
      // An idle queue: the workers sit at a random point of their polling wait.
      await new Promise((r) => setTimeout(r, 600 + Math.random() * 600));
      const lastName = `Bench ${i} ${Date.now()}`;
      const arrival = receiver.arrival(lastName);
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/employees/${person}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ lastName }),
      });
      const committed = performance.now();
      if (res.status !== 200) throw new Error(`update: ${res.status} ${await res.text()}`);
      const arrived = await arrival;
      if (i < 3) continue; // warm-up
      fromCommit.push(Math.max(0, arrived - committed));
      fromRequest.push(arrived - t0);
    }
    console.log(
      `  ${label.padEnd(11)} after the commit p50 ${ms(percentile(fromCommit, 50))}, p95 ${ms(percentile(fromCommit, 95))}; from the request p50 ${ms(percentile(fromRequest, 50))}, p95 ${ms(percentile(fromRequest, 95))}  (target p95 ≤ 1000 ms)`,
    );
  } finally {
    await server.stop();
    await receiver.close();
  }
}

console.log(`Webhooks: event to first delivery attempt, ${SAMPLES} events one at a time, idle queue`);
await measure('PGlite', {});
await measure('PostgreSQL', { DATABASE_URL: await freshPostgresDatabase(BENCH_PG, 'equip_bench_webhooks') });
