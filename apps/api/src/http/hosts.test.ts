import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../test/factories.ts';

/** SPEC §2's hosts: the platform, enrolment, the companion, marketing and support (issue 26, item 2). */
describe('hosts of their own', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'equip-hosts-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Equip</title><script id="equip-boot" type="application/json">{}</script>',
    );
    writeFileSync(path.join(dist, 'start-abcdef12.js'), 'console.log(1)');
    const releases = mkdtempSync(path.join(tmpdir(), 'equip-hosts-releases-'));
    writeFileSync(path.join(releases, 'latest.pkg'), 'pkg');
    t = await createTestApp({
      serveWeb: true,
      env: {
        WEB_DIST_DIR: dist,
        COMPANION_RELEASES_DIR: releases,
        PUBLIC_URL: 'https://app.equip.test',
        ENROLMENT_URL: 'https://enrol.equip.test',
        COMPANION_URL: 'https://get.equip.test',
        MARKETING_URL: 'https://www.equip.test/product',
        SUPPORT_URL: 'https://help.equip.test/kb',
      },
    });
  });
  afterAll(() => t.app.close());

  const get = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } });

  it('opens /start on the enrolment host and serves its page, its APIs and the app’s files there', async () => {
    const home = await get('enrol.equip.test', '/');
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/start');
    const page = await get('enrol.equip.test', '/start?flow=ABM_MAC');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect((await get('enrol.equip.test', '/start-abcdef12.js')).statusCode).toBe(200);
    expect((await get('enrol.equip.test', '/healthz')).statusCode).toBe(200);
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/enrollment/code',
      headers: { host: 'enrol.equip.test' },
      payload: { email: 'someone@example.test' },
    });
    expect(api.statusCode).toBe(204);
    // Anything else there is the platform's.
    const elsewhere = await get('enrol.equip.test', '/dashboard/overview?x=1');
    expect(elsewhere.statusCode).toBe(302);
    expect(elsewhere.headers.location).toBe('https://app.equip.test/dashboard/overview?x=1');
  });

  it('opens /companion and its downloads on the companion host', async () => {
    expect((await get('get.equip.test', '/')).headers.location).toBe('/companion');
    expect((await get('get.equip.test', '/companion')).statusCode).toBe(200);
    const download = await get('get.equip.test', '/downloads/companion/latest.pkg');
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('pkg');
    expect((await get('get.equip.test', '/start')).headers.location).toBe('https://enrol.equip.test/start');
    expect((await get('GET.equip.test:443', '/auth/login')).headers.location).toBe(
      'https://app.equip.test/auth/login',
    );
  });

  it('sends the platform’s visitors of those pages to their hosts, and serves everything else', async () => {
    expect((await get('app.equip.test', '/start?flow=WEB_MAC')).headers.location).toBe(
      'https://enrol.equip.test/start?flow=WEB_MAC',
    );
    expect((await get('app.equip.test', '/companion')).headers.location).toBe(
      'https://get.equip.test/companion',
    );
    expect((await get('app.equip.test', '/downloads/companion/latest.exe')).headers.location).toBe(
      'https://get.equip.test/downloads/companion/latest.exe',
    );
    const login = await get('app.equip.test', '/auth/login');
    expect(login.statusCode).toBe(200);
    // An address of the platform's own (its IP, an internal name) is the platform.
    expect((await get('10.0.0.7:3000', '/dashboard/overview')).statusCode).toBe(200);
    expect((await get('10.0.0.7:3000', '/start')).headers.location).toBe('https://enrol.equip.test/start');
  });

  it('sends the marketing and support hosts, when they point at Equip, to the platform', async () => {
    expect((await get('www.equip.test', '/')).headers.location).toBe('https://app.equip.test/');
    expect((await get('help.equip.test', '/kb')).headers.location).toBe('https://app.equip.test/kb');
  });

  it('links the registration reminder mail to /start on the enrolment host', async () => {
    const db = t.services.database.db;
    const org = await createOrganization(db);
    const owner = await createUser(db, { organizationUuid: org.uuid, role: 'it-owner' });
    const person = await createUser(db, { organizationUuid: org.uuid });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/organization-setup/registration-reminders',
      headers: { ...bearer(await tokenFor(t.services, owner)), host: 'app.equip.test' },
      payload: { userUuids: [person.uuid] },
    });
    expect(sent.json()).toEqual({ sent: 1 });
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, person.email));
    expect(JSON.stringify(mail)).toContain('https://enrol.equip.test/start');
    expect(JSON.stringify(mail)).not.toContain('app.equip.test');
  });

  it('hands the browser every address in the boot configuration', async () => {
    const page = await get('app.equip.test', '/auth/login');
    const boot = JSON.parse(
      /<script id="equip-boot" type="application\/json">(.*?)<\/script>/.exec(page.body)![1]!,
    );
    expect(boot.urls).toEqual({
      platform: 'https://app.equip.test',
      enrolment: 'https://enrol.equip.test',
      companion: 'https://get.equip.test',
      marketing: 'https://www.equip.test/product',
      support: 'https://help.equip.test/kb',
    });
  });
});

describe('one host for everything (the default)', () => {
  let t: TestApp;

  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'equip-one-host-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Equip</title><script id="equip-boot" type="application/json">{}</script>',
    );
    t = await createTestApp({
      serveWeb: true,
      env: { WEB_DIST_DIR: dist, PUBLIC_URL: 'https://equip.test' },
    });
  });
  afterAll(() => t.app.close());

  it('serves /start and /companion where they are asked for, under any host name', async () => {
    for (const host of ['equip.test', 'localhost:3000', '10.0.0.7'])
      for (const url of ['/start', '/companion'])
        expect(
          (await t.app.inject({ method: 'GET', url, headers: { host } })).statusCode,
          `${host}${url}`,
        ).toBe(200);
  });
});
