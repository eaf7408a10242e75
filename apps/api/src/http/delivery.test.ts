import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../test/factories.ts';

/** Issue 26, "Delivery": what the browser and a proxy may keep, and what goes over the wire compressed. */
describe('delivery', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'equip-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Equip</title><script id="equip-boot" type="application/json">{}</script>',
    );
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
