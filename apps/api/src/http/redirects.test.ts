import { randomUUID } from 'node:crypto';
import { LEAVING_TARGETS, STAYING_TARGETS } from '@equip/domain/redirect-corpus';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoStates } from '../db/schema/index.ts';
import { SSO_CALLBACK_PATH } from '../modules/auth/sso-paths.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../test/factories.ts';
import { browseToCallback, startOidcPeer } from '../test/oidc-peer.ts';

const PUBLIC_URL = 'http://localhost:3998';
const FALLBACK = '/dashboard/overview';

/**
 * Issue 24: `"/\t/evil.example/landing"` came back from the single sign-on callback as its
 * `Location`, and Chromium went to evil.example. Every target of the corpus goes the whole round trip
 * (start, the identity provider, the callback) and must land on a path of Equip's own origin.
 */
describe('redirects after single sign-on stay on our origin', () => {
  let t: TestApp;
  let idp: Awaited<ReturnType<typeof startOidcPeer>>;
  const email = `redirect-${randomUUID().slice(0, 8)}@redirects.test`;

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL, SSO_ALLOW_PRIVATE_ISSUERS: 'true' } });
    idp = await startOidcPeer({ redirectUri: `${PUBLIC_URL}${SSO_CALLBACK_PATH}`, accounts: {} });
    const org = await createOrganization(t.services.database.db, 'Redirects Corp');
    const owner = await createUser(t.services.database.db, {
      organizationUuid: org.uuid,
      role: 'it-owner',
      email,
    });
    const configured = await t.app.inject({
      method: 'PUT',
      url: '/api/organization/sso',
      headers: bearer(await tokenFor(t.services, owner)),
      payload: {
        provider: 'google',
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
      },
    });
    expect(configured.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.app.close();
    await idp.close();
  });

  /** sso/start with the target; the callback's Location, or the 400 start answered. */
  async function signInWith(redirect: string): Promise<{ location: string } | { refused: unknown }> {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/user/shared/auth/unprotected/sso/start',
      payload: { email, redirect },
    });
    if (started.statusCode === 400) return { refused: started.json().errors[0] };
    expect(started.statusCode).toBe(200);
    const callback = await browseToCallback(t.app, started.json().authorizationUrl, PUBLIC_URL);
    const done = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(done.statusCode).toBe(302);
    return { location: String(done.headers.location) };
  }

  /** Where a browser goes with this Location: Node's URL is the WHATWG parser browsers implement. */
  const followed = (location: string) => new URL(location, `${PUBLIC_URL}/auth/login`);

  /** Every target's answer (a few round trips at a time), keyed by the target. */
  async function answersFor(targets: string[]) {
    const answers: Record<string, Awaited<ReturnType<typeof signInWith>>> = {};
    for (let at = 0; at < targets.length; at += 6)
      await Promise.all(
        targets.slice(at, at + 6).map(async (target) => {
          answers[target] = await signInWith(target);
        }),
      );
    return answers;
  }

  it('sends every target that would leave the origin to the fallback', async () => {
    const answers = await answersFor(LEAVING_TARGETS);
    for (const [target, answer] of Object.entries(answers)) {
      // Request hygiene refuses control characters other than tab and line breaks, at the field.
      if ('refused' in answer)
        expect(answer.refused, JSON.stringify(target)).toMatchObject({ location: 'body', param: 'redirect' });
      else expect(answer.location, JSON.stringify(target)).toBe(FALLBACK);
    }
  });

  it('sends every target on the origin to its normalised path', async () => {
    const answers = await answersFor(STAYING_TARGETS.map(([target]) => target));
    for (const [target, path] of STAYING_TARGETS) {
      expect(answers[target], JSON.stringify(target)).toEqual({ location: path });
      expect(followed(path).origin).toBe(PUBLIC_URL);
    }
  });

  it('checks a target stored before this rule again at the callback', async () => {
    const marker = `/dashboard/devices?probe=${randomUUID()}`;
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/user/shared/auth/unprotected/sso/start',
      payload: { email, redirect: marker },
    });
    const stored = await t.services.database.db
      .update(ssoStates)
      .set({ redirect: '/\t/evil.example/landing' })
      .where(eq(ssoStates.redirect, marker))
      .returning({ uuid: ssoStates.uuid });
    expect(stored).toHaveLength(1);
    const callback = await browseToCallback(t.app, started.json().authorizationUrl, PUBLIC_URL);
    const done = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(done.headers.location).toBe(FALLBACK);
  });
});
