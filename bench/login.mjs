// Prints the login latency (p50, p95) of the password login, argon2id included, on PGlite.
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
} finally {
  await server.stop();
}
