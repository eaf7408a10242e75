import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { encryptPassword } from '../../apps/api/src/test/auth-client.ts';
import { demoLogin, waitForMail } from './fixtures.ts';

/** Talks to the server's API directly, to prepare what a spec needs without clicking through it. */
export async function apiLogin(request: APIRequestContext, email: string, password: string) {
  const jwk = await (await request.get('/api/user/shared/auth/unprotected/public-key')).json();
  const res = await request.post('/api/user/shared/auth/unprotected/login', {
    data: { email, encryptedPassword: encryptPassword(jwk, password) },
  });
  if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { accessToken: string; refreshToken: string };
}

export async function ownerToken(request: APIRequestContext) {
  const owner = demoLogin('it-owner');
  return (await apiLogin(request, owner.email, owner.password)).accessToken;
}

/** A new person in the demo organisation, invited by the demo it-owner; answers the invitation link. */
export async function invitePerson(request: APIRequestContext, role: 'it-owner' | 'regular' = 'it-owner') {
  const token = await ownerToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const tag = randomUUID().slice(0, 8);
  const email = `e2e-${tag}@acme.example`;
  const created = await request.post('/api/employees', {
    headers,
    data: { firstName: 'Eve', lastName: `Tester ${tag}`, email, role },
  });
  if (created.status() !== 201) throw new Error(`create failed: ${created.status()} ${await created.text()}`);
  const since = Date.now();
  const invited = await request.post('/api/user/owner/auth/invite', {
    headers,
    data: { userUuid: (await created.json()).uuid },
  });
  if (invited.status() !== 204) throw new Error(`invite failed: ${invited.status()}`);
  const mail = await waitForMail(email, since, (m) => m.subject.includes('invited you'));
  const link = /(https?:\/\/\S+set-password\S+)/.exec(mail.text)![1]!;
  return { email, link: new URL(link) };
}

/** A new it-owner with a password, ready to sign in. */
export async function newOwner(request: APIRequestContext) {
  const { email, link } = await invitePerson(request, 'it-owner');
  const password = `pw-${randomUUID()}`;
  const jwk = await (await request.get('/api/user/shared/auth/unprotected/public-key')).json();
  const res = await request.post('/api/user/owner/auth/unprotected/set-password', {
    data: {
      invitationToken: link.searchParams.get('invitationToken'),
      encryptedPassword: encryptPassword(jwk, password),
    },
  });
  if (!res.ok()) throw new Error(`set-password failed: ${res.status()}`);
  return { email, password };
}
