import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../test/factories.ts';

const FRAME_FILE_SIZES = {
  'index-aaaaaaaa.js': 50,
  'app-bbbbbbbb.js': 3000,
  'app-shell-cccccccc.js': 100,
  'shared-dddddddd.js': 9000,
  'authenticated-layout-eeeeeeee.js': 800,
  'dashboard-page-ffffffff.js': 200,
};
const FRAME_MANIFEST = {
  'index.html': { file: 'assets/index-aaaaaaaa.js', imports: ['_app-bbbbbbbb.js'] },
  '_app-bbbbbbbb.js': { file: 'assets/app-bbbbbbbb.js' },
  '_shared-dddddddd.js': { file: 'assets/shared-dddddddd.js', imports: ['_app-bbbbbbbb.js'] },
  'src/app/layout/app-shell.tsx': {
    file: 'assets/app-shell-cccccccc.js',
    imports: ['_app-bbbbbbbb.js', '_shared-dddddddd.js'],
  },
  'src/app/layout/authenticated-layout.tsx': {
    file: 'assets/authenticated-layout-eeeeeeee.js',
    imports: ['_shared-dddddddd.js'],
  },
  'src/app/routes/dashboard-page.tsx': {
    file: 'assets/dashboard-page-ffffffff.js',
    imports: ['_app-bbbbbbbb.js', '_shared-dddddddd.js'],
  },
};

/** Issue 26, "Delivery": what the browser and a proxy may keep, and what goes over the wire compressed. */
describe('delivery', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'equip-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Equip</title><script id="equip-boot" type="application/json">{}</script></head><body></body></html>',
    );
    // What the build's manifest says of the entry and the dashboard's frame (the shared chunk the largest).
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(FRAME_MANIFEST));
    mkdirSync(path.join(dist, 'assets'));
    for (const [file, size] of Object.entries(FRAME_FILE_SIZES))
      writeFileSync(path.join(dist, 'assets', file), 'x'.repeat(size));
    writeFileSync(path.join(dist, 'app-abcdef12.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'app-abcdef12.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(path.join(dist, 'favicon.png'), 'png');
    t = await createTestApp({ env: { WEB_DIST_DIR: dist }, serveWeb: true });
    const org = await createOrganization(t.services.database.db, `Delivery ${randomUUID().slice(0, 6)}`);
    const owner = await createUser(t.services.database.db, { organizationUuid: org.uuid, role: 'it-owner' });
    for (let i = 0; i < 60; i++)
      await createUser(t.services.database.db, { organizationUuid: org.uuid, firstName: `Person${i}` });
    token = await tokenFor(t.services, owner);
  });
  afterAll(() => t.app.close());

  it('lets browsers keep hashed files for a year, compressed or not, and revalidate the rest', async () => {
    for (const encoding of [undefined, 'br']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/app-abcdef12.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      // The file server's own `public, max-age=0` used to win over this one.
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const unhashed = await t.app.inject({ method: 'GET', url: '/favicon.png' });
    expect(unhashed.headers['cache-control']).toBe('public, max-age=3600');
    const page = await t.app.inject({ method: 'GET', url: '/dashboard/employees' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('has a signed-in visit to a dashboard page fetch the frame code beside the entry, largest first', async () => {
    const preloads = (body: string) =>
      [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" fetchpriority="low">/g)].map(
        (match) => match[1],
      );
    const open = (url: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

    const signedIn = await open('/dashboard/employees?view=all', 'equip_refresh_token=r');
    expect(signedIn.statusCode).toBe(200);
    // Not the entry's own files (index.html loads those), and inside <head>.
    expect(preloads(signedIn.body)).toEqual([
      '/assets/shared-dddddddd.js',
      '/assets/authenticated-layout-eeeeeeee.js',
      '/assets/dashboard-page-ffffffff.js',
      '/assets/app-shell-cccccccc.js',
    ]);
    expect(signedIn.body.indexOf('modulepreload')).toBeLessThan(signedIn.body.indexOf('</head>'));
    expect(preloads((await open('/dashboard', 'equip_access_token=a')).body)).toHaveLength(4);

    // Not for a visitor without a session (the sign-in page follows), nor outside the dashboard.
    expect(preloads((await open('/dashboard/employees')).body)).toEqual([]);
    expect(preloads((await open('/auth/login', 'equip_refresh_token=r')).body)).toEqual([]);
    expect(preloads((await open('/dashboards', 'equip_refresh_token=r')).body)).toEqual([]);
  });

  it('answers robots.txt: nothing to index', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe('User-agent: *\nDisallow: /\n');
  });

  it('compresses API answers above a kilobyte with brotli or gzip, and leaves small ones alone', async () => {
    const page = (encoding: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/employees?take=100',
        headers: { ...bearer(token), 'accept-encoding': encoding },
      });
    const plain = await t.app.inject({
      method: 'GET',
      url: '/api/employees?take=100',
      headers: bearer(token),
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await page('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await page('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const small = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
