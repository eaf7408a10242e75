// Replays runs that `BENCH_LHR_DIR=folder node bench/lighthouse.mjs` kept, through Lighthouse's own
// simulation (Lantern), and prints what each metric is made of in the simulated phone:
// - the requests of the largest contentful paint's graph, with their simulated start and end (the LCP
//   is the end of the last one: which download or request holds the page back);
// - the tasks after the first paint that count as blocking time (longer than 50 ms simulated), with
//   what they did in the observed trace (module evaluation, a frame with layout, other JavaScript).
//
//   node bench/lighthouse-replay.mjs /tmp/lhr/_dashboard_employees-*.json
//
// docs/decisions/039-first-load-of-a-list-page.md says what this found.
import { readFileSync } from 'node:fs';
import { LoadSimulator } from 'lighthouse/core/computed/load-simulator.js';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';

const reports = process.argv.slice(2).filter((file) => !/\.(trace|lantern)\.json$/.test(file));
if (reports.length === 0) {
  console.error('usage: node bench/lighthouse-replay.mjs <report.json> … (kept by BENCH_LHR_DIR)');
  process.exit(1);
}

/** What a task did, from its trace events. */
function taskKind(node) {
  const names = new Set(node.childEvents.map((event) => event.name));
  if (names.has('v8.evaluateModule') || names.has('EvaluateScript')) return 'module evaluation';
  if (names.has('FireAnimationFrame')) return names.has('Layout') ? 'frame with layout' : 'frame';
  if (names.has('TimerFire')) return 'timer';
  return names.has('Layout') ? 'script with layout' : 'script';
}

const ms = (value) => `${value.toFixed(0)} ms`;

for (const report of reports) {
  const base = report.replace(/\.json$/, '');
  const lhr = JSON.parse(readFileSync(report, 'utf8'));
  const trace = JSON.parse(readFileSync(`${base}.trace.json`, 'utf8'));
  const { devtoolsLog, URL, GatherContext } = JSON.parse(readFileSync(`${base}.lantern.json`, 'utf8'));
  const settings = lhr.configSettings;
  const context = { computedCache: new Map(), settings };
  const simulator = await LoadSimulator.request({ devtoolsLog, settings }, context);
  const data = { trace, devtoolsLog, gatherContext: GatherContext, settings, simulator, URL };
  const fcp = await LanternFirstContentfulPaint.request(data, context);
  const lcp = await LanternLargestContentfulPaint.request(data, context);
  const tbt = await LanternTotalBlockingTime.request(data, context);

  console.log(
    `${report}: score ${Math.round(lhr.categories.performance.score * 100)}, ` +
      `FCP ${ms(fcp.timing)}, LCP ${ms(lcp.timing)}, TBT ${ms(tbt.timing)}`,
  );
  console.log('  requests of the LCP graph (simulated start → end):');
  const requests = [...lcp.pessimisticEstimate.nodeTimings]
    .filter(([node]) => node.type === 'network')
    .sort(([, a], [, b]) => a.startTime - b.startTime);
  for (const [node, timing] of requests) {
    const url = node.request.url.replace(/^https?:\/\/[^/]+/, '');
    const size = `${(node.request.transferSize / 1024).toFixed(1)} kB`;
    console.log(
      `    ${ms(timing.startTime).padStart(8)} → ${ms(timing.endTime).padStart(8)}  ${size.padStart(9)}  ${url}`,
    );
  }
  console.log('  blocking tasks after the first paint (simulated start, length, observed length):');
  const tasks = [...tbt.pessimisticEstimate.nodeTimings]
    .filter(([node, timing]) => node.type === 'cpu' && timing.duration > 50 && timing.startTime >= fcp.timing)
    .sort(([, a], [, b]) => a.startTime - b.startTime);
  for (const [node, timing] of tasks) {
    console.log(
      `    ${ms(timing.startTime).padStart(8)}  +${ms(timing.duration).padStart(7)}  (${(node.duration / 1000).toFixed(1)} ms observed)  ${taskKind(node)}`,
    );
  }
}
