// Prints the login latency (p50, p95) of the password login, argon2id included, on PGlite, and the
// time a password-reset request takes for known and for unknown emails (they must not differ).
import { login, ms, percentile, readLogins, startServer, tempDir } from './lib.mjs';

const dataDir = tempDir('login');
const server = await startServer({ EQUIP_DATA_DIR: dataDir });
try {
  const owner = readLogins(dataDir).find((l) => l.role === 'it-owner');
  const samples = [];
  for (let i = 0; i < 40; i++) {
    const t0 = performance.now();
    await login(server.url, owner.email, owner.password);
    samples.push(performance.now() - t0);
  }
  const steady = samples.slice(5);
  console.log(
    `Password login (public key fetch + RSA-OAEP + argon2id + tokens), ${steady.length} sequential logins`,
  );
  console.log(`  p50 ${ms(percentile(steady, 50))}, p95 ${ms(percentile(steady, 95))}`);

  // Reset requests, alternating known and unknown emails (a different one each time: the limits count
  // per email and address).
  const { accessToken } = await login(server.url, owner.email, owner.password);
  const people = await fetch(`${server.url}/api/employees?take=40`, {
    headers: { authorization: `Bearer ${accessToken}` },
  }).then((r) => r.json());
  const known = people.items.map((p) => p.email).slice(0, 20);
  const timings = { known: [], unknown: [] };
  for (const [index, email] of known.entries()) {
    for (const [kind, address] of [
      ['known', email],
      ['unknown', `nobody-${index}-${Date.now()}@nowhere.example`],
    ]) {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/user/shared/auth/unprotected/request-password-reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: address }),
      });
      timings[kind].push(performance.now() - t0);
      if (res.status !== 204) throw new Error(`reset request answered ${res.status}`);
    }
  }
  const knownMedian = percentile(timings.known, 50);
  const unknownMedian = percentile(timings.unknown, 50);
  console.log(`Password-reset request, median of ${known.length} each`);
  console.log(
    `  known emails ${ms(knownMedian)}, unknown emails ${ms(unknownMedian)}, difference ${ms(knownMedian - unknownMedian)}`,
  );
} finally {
  await server.stop();
}
