// Prints what a hostile body costs the server (issue 24): JSON nested 5,000 and 100,000 deep on the public
// login route (refused before parsing), the largest body allowed at the allowed depth (~1 MiB, scanned and
// parsed), and the demo organisation's /api/employees while ten deep bodies arrive at once. Before the
// bound, depth 5,000 held the event loop ~2 s and answered 500; ten in parallel held /api/employees ~33 s.
import { login, ms, percentile, readLogins, startServer, tempDir } from './lib.mjs';

const LOGIN = '/api/user/shared/auth/unprotected/login';
const nested = (levels) => `{"email":${'['.repeat(levels)}${']'.repeat(levels)}}`;

const dataDir = tempDir('request-bounds');
// Request lines in the log carry the server's own time for each answer (from the request's arrival).
const server = await startServer({ EQUIP_DATA_DIR: dataDir, LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
/** The server's times of the answers to POST login logged since `from` (an offset in its output). */
const serverTimes = (from) =>
  server
    .output()
    .slice(from)
    .split('\n')
    .flatMap((line) => {
      const match = /"msg":"POST \/api\/user\/shared\/auth\/unprotected\/login \d+ (\d+) ms"/.exec(line);
      return match ? [Number(match[1])] : [];
    });
try {
  const post = async (body) => {
    const t0 = performance.now();
    const res = await fetch(`${server.url}${LOGIN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const answer = await res.json();
    return { ms: performance.now() - t0, status: res.status, answer };
  };

  // The worst the scan and the parser are given: ~0.9 MiB of strings full of brackets, at depth 64.
  const strings = Array.from({ length: 65_000 }, () => '"[{x}]\\"[["').join(',');
  const bodies = [
    ['depth 5,000 (10 KB)', nested(5_000)],
    ['depth 100,000 (200 KB)', nested(100_000)],
    [
      'depth 64 with 65,000 strings of brackets (0.8 MiB)',
      `{"email":${'['.repeat(63)}${strings}${']'.repeat(63)}}`,
    ],
  ];
  console.log(
    'Hostile JSON bodies on the public login route, 30 sequential requests each (after 5 warm-ups)',
  );
  for (const [label, body] of bodies) {
    const samples = [];
    let last;
    for (let i = 0; i < 5; i++) await post(body);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const from = server.output().length;
    for (let i = 0; i < 30; i++) {
      last = await post(body);
      samples.push(last.ms);
    }
    // Logged after the answer is sent: give the last line a moment.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const own = serverTimes(from);
    const msg = last.answer.errors?.[0]?.msg ?? '';
    console.log(`  ${label}: ${last.status} "${msg.slice(0, 50)}"`);
    console.log(
      `    round trip p50 ${ms(percentile(samples, 50))}, max ${ms(Math.max(...samples))}; server's own time p50 ${percentile(own, 50)} ms, max ${Math.max(...own)} ms (${own.length} logged)`,
    );
  }

  const owner = readLogins(dataDir).find((l) => l.role === 'it-owner');
  const { accessToken } = await login(server.url, owner.email, owner.password);
  const employees = async () => {
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/employees?take=50`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    await res.arrayBuffer();
    return performance.now() - t0;
  };
  const idle = [];
  for (let i = 0; i < 20; i++) idle.push(await employees());
  const flooded = [];
  for (let round = 0; round < 20; round++) {
    const deep = Array.from({ length: 10 }, () => post(nested(100_000)));
    flooded.push(await employees());
    await Promise.all(deep);
  }
  console.log('/api/employees (50 rows) of the demo organisation, 20 requests each');
  console.log(
    `  idle p50 ${ms(percentile(idle, 50))}; while ten depth-100,000 bodies arrive at once p50 ${ms(percentile(flooded, 50))}, max ${ms(Math.max(...flooded))}`,
  );
} finally {
  await server.stop();
}
