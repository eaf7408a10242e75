// Lighthouse 12, mobile settings (its default: a mid-range phone on slow 4G, simulated throttling), on
// the sign-in page (/auth/login) and on the employees page signed in as the demo IT owner (issue 26:
// performance ≥ 95 and ≥ 90), then a repeat visit of the sign-in page in Playwright, which should
// transfer no JavaScript (hashed assets are `immutable`). Prints each page's median score of
// BENCH_RUNS runs (3) and its main metrics; below target, the opportunities Lighthouse names.
// `WEB_DIST_DIR=… node bench/lighthouse.mjs` measures another build; BENCH_LHR_DIR=folder keeps each
// run's Lighthouse report (JSON), its trace (for DevTools' performance panel) and what the simulation
// is computed from there (`node bench/lighthouse-replay.mjs <report>` shows what each metric is made
// of; BENCH_PROFILE=1 adds CPU samples to that trace); BENCH_ONLY=employees audits the sign-in page once. Scores depend on the CPU the runs get: Lighthouse scales the
// main-thread time it observes, so a busy machine scores lower (the bench prints its benchmark index).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { ensureWebBuild, login, readLogins, startServer, tempDir } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Signs in through the API; answers the token cookies the web app would store (auth-tokens.ts). */
async function signIn(url, email, password) {
  const { accessToken, refreshToken } = await login(url, email, password);
  return [
    ['equip_access_token', accessToken],
    ['equip_refresh_token', refreshToken],
  ].map(([name, value]) => ({ name, value: encodeURIComponent(value), url, sameSite: 'Strict' }));
}

/** Puts cookies into the default profile of the Chromium Lighthouse drives (CDP, then disconnects). */
async function setCookies(port, cookies) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  await browser.contexts()[0].addCookies(cookies);
  await browser.close(); // a connected browser: disconnects, the default profile and its cookies stay
}

/**
 * Runs Lighthouse once (performance only, mobile defaults). Lighthouse 12 with a recent Chromium now and
 * then fails to record the trace (`NO_NAVSTART`); such a run is retried once, any other error stops.
 */
async function lighthouseRun(port, url, retried = false) {
  const { lhr, artifacts } = await lighthouse(url, {
    port,
    logLevel: 'error',
    onlyCategories: ['performance'],
    // BENCH_PROFILE=1 adds CPU samples to the kept trace (what each long task ran; a little slower).
    additionalTraceCategories: process.env.BENCH_PROFILE ? 'disabled-by-default-v8.cpu_profiler' : null,
  });
  if (!lhr.runtimeError) return { lhr, artifacts };
  if (lhr.runtimeError.code === 'NO_NAVSTART' && !retried) {
    console.log(`  (Lighthouse: ${lhr.runtimeError.code} on ${new URL(url).pathname}, run again)`);
    return lighthouseRun(port, url, true);
  }
  throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
}

/** One Lighthouse run; the figures this bench prints. */
async function audit(port, url) {
  const { lhr, artifacts } = await lighthouseRun(port, url);
  if (process.env.BENCH_LHR_DIR) {
    mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
    const name = `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`;
    writeFileSync(path.join(process.env.BENCH_LHR_DIR, name), JSON.stringify(lhr));
    // The observed trace beside it (unthrottled: Lighthouse simulates the phone from it), for DevTools.
    writeFileSync(
      path.join(process.env.BENCH_LHR_DIR, name.replace(/\.json$/, '.trace.json')),
      JSON.stringify(artifacts.Trace),
    );
    // And what Lighthouse's simulation (Lantern) is computed from, to replay it (which requests and tasks
    // make up a metric, and when each ends in the simulated phone).
    const { devtoolsLogs, URL: urls, GatherContext } = artifacts;
    writeFileSync(
      path.join(process.env.BENCH_LHR_DIR, name.replace(/\.json$/, '.lantern.json')),
      JSON.stringify({ devtoolsLog: devtoolsLogs.defaultPass, URL: urls, GatherContext }),
    );
  }
  const a = lhr.audits;
  const scripts = (a['resource-summary'].details?.items ?? []).find((i) => i.resourceType === 'script');
  return {
    lhr,
    score: Math.round(lhr.categories.performance.score * 100),
    fcp: a['first-contentful-paint'].numericValue,
    lcp: a['largest-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    si: a['speed-index'].numericValue,
    jsBytes: scripts?.transferSize ?? 0,
    jsFiles: scripts?.requestCount ?? 0,
    finalUrl: lhr.finalDisplayedUrl,
  };
}

function report(name, target, runs) {
  const pick = (key) => median(runs.map((r) => r[key]));
  const score = pick('score');
  const s = (value) => `${(value / 1000).toFixed(2)} s`;
  console.log(
    `  ${name}: performance ${score} (runs ${runs.map((r) => r.score).join(', ')}; target ≥ ${target}: ${score >= target ? 'met' : 'NOT met'})`,
  );
  console.log(
    `    FCP ${s(pick('fcp'))}, LCP ${s(pick('lcp'))}, TBT ${pick('tbt').toFixed(0)} ms, CLS ${pick('cls').toFixed(3)}, ` +
      `Speed Index ${s(pick('si'))}; JavaScript ${pick('jsFiles')} files, ${kb(pick('jsBytes'))} transferred`,
  );
  const last = runs.at(-1);
  console.log(`    audited page: ${new URL(last.finalUrl).pathname}`);
  if (score >= target && !process.env.BENCH_LIST) return;
  // What Lighthouse says would save the most (opportunities, then the diagnostics that failed).
  const audits = Object.values(last.lhr.audits);
  const opportunities = audits
    .filter((x) => x.details?.type === 'opportunity' && (x.details.overallSavingsMs ?? 0) > 0)
    .sort((x, y) => y.details.overallSavingsMs - x.details.overallSavingsMs);
  for (const x of opportunities.slice(0, 5))
    console.log(`    opportunity: ${x.title}: ~${x.details.overallSavingsMs.toFixed(0)} ms`);
  const metrics = new Set(
    last.lhr.categories.performance.auditRefs.filter((ref) => ref.group === 'metrics').map((ref) => ref.id),
  );
  const diagnostics = audits.filter(
    (x) =>
      !metrics.has(x.id) &&
      x.score !== null &&
      x.score < 0.9 &&
      x.details?.type !== 'opportunity' &&
      x.scoreDisplayMode !== 'informative',
  );
  for (const x of diagnostics.slice(0, 8))
    console.log(`    diagnostic: ${x.title}${x.displayValue ? `: ${x.displayValue}` : ''}`);
}

/**
 * Loads the sign-in page, then again in a new tab of the same browser context (a repeat visit), and
 * answers what the second visit's scripts cost over the network (CDP: bytes received per request;
 * answers from the memory or disk cache count 0).
 */
async function repeatVisit(url) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...FLAGS, '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const context = await browser.newContext();
    const visit = async () => {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const scripts = new Map(); // requestId → { url, cached, status, bytes }
      cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
        if (type !== 'Script') return;
        const cached = response.fromDiskCache || response.fromPrefetchCache || response.fromServiceWorker;
        scripts.set(requestId, {
          url: response.url,
          cached: Boolean(cached),
          status: response.status,
          bytes: 0,
        });
      });
      cdp.on('Network.requestServedFromCache', ({ requestId }) => {
        const s = scripts.get(requestId);
        if (s) s.cached = true;
        else scripts.set(requestId, { cached: true, bytes: 0 });
      });
      cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
        const s = scripts.get(requestId);
        if (s && !s.cached) s.bytes = encodedDataLength;
      });
      await page.goto(`${url}/auth/login`);
      await page.getByLabel('Email', { exact: true }).waitFor();
      await page.waitForTimeout(1000); // scripts loaded after the first paint
      await page.close();
      return [...scripts.values()];
    };
    const first = await visit();
    const second = await visit();
    return { first, second };
  } finally {
    await browser.close();
  }
}

ensureWebBuild();
const dataDir = tempDir('lighthouse');
const server = await startServer({ EQUIP_DATA_DIR: dataDir });
let chrome;
try {
  const { first, second } = await repeatVisit(server.url);
  const sum = (list) => list.reduce((total, s) => total + s.bytes, 0);
  const fromNetwork = second.filter((s) => !s.cached);
  console.log('Sign-in page (/auth/login), repeat visit in Chromium (same context, new tab)');
  console.log(`  first visit:  ${first.length} scripts, ${kb(sum(first))} transferred`);
  console.log(
    `  repeat visit: ${second.length} scripts, ${second.length - fromNetwork.length} from cache, ` +
      `${fromNetwork.length} over the network (${fromNetwork.filter((s) => s.status === 304).length} revalidated), ` +
      `${sum(second)} bytes transferred (target 0: ${sum(second) === 0 ? 'met' : 'NOT met'})`,
  );
  for (const s of fromNetwork) console.log(`    ${s.status} ${s.bytes} B ${new URL(s.url).pathname}`);

  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  // BENCH_ONLY=employees skips the sign-in page's runs (while working on the employees page).
  const signInRuns = [];
  const signInCount = process.env.BENCH_ONLY === 'employees' ? 1 : RUNS;
  for (let i = 0; i < signInCount; i++) signInRuns.push(await audit(chrome.port, `${server.url}/auth/login`));

  const owner = readLogins(dataDir).find((l) => l.role === 'it-owner');
  await setCookies(chrome.port, await signIn(server.url, owner.email, owner.password));
  const employeesRuns = [];
  for (let i = 0; i < RUNS; i++)
    employeesRuns.push(await audit(chrome.port, `${server.url}/dashboard/employees`));

  const { lighthouseVersion, environment } = signInRuns[0].lhr;
  console.log(
    `Lighthouse ${lighthouseVersion}, mobile settings, median of ${RUNS} runs ` +
      `(this machine's CPU benchmark index: ${median(signInRuns.map((r) => r.lhr.environment.benchmarkIndex)).toFixed(0)}; ` +
      `Lighthouse's throttling assumes a desktop of about 1000 or more; ${environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0]})`,
  );
  report('sign-in page (/auth/login)', 95, signInRuns);
  report(`employees page signed in as ${owner.email}`, 90, employeesRuns);
  if (!new URL(employeesRuns.at(-1).finalUrl).pathname.startsWith('/dashboard/employees'))
    throw new Error('the employees run did not stay signed in');
} finally {
  await chrome?.kill();
  await server.stop();
}
