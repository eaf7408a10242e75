import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { App } from '../http/types.ts';
import { SSO_AUTHORIZE_PATH, SSO_CALLBACK_PATH } from '../modules/auth/sso-paths.ts';

/**
 * A real OpenID Connect provider (oidc-provider) on a free local port, for tests of single sign-on.
 * Its login step signs in as the `login_hint` the relying party sends (or `signInAs`), and consent is
 * granted at once, so a test can run the whole authorization-code round trip without a person.
 */
export async function startOidcPeer(options: {
  redirectUri: string;
  accounts: Record<string, { email_verified?: boolean }>;
}) {
  const clientId = 'equip-test';
  const clientSecret = 'equip-test-secret-0123456789abcdef';
  let signInAs: string | null = null;
  let server: Server | undefined;

  const port = await new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const p = (probe.address() as AddressInfo).port;
      probe.close(() => resolve(p));
    });
  });
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    features: { devInteractions: { enabled: false } },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    pkce: { required: () => true },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        email: id,
        email_verified: options.accounts[id]?.email_verified ?? true,
        name: id,
      }),
    }),
    renderError: (ctx, out) => {
      ctx.type = 'text/plain';
      ctx.body = `OIDC error: ${JSON.stringify(out)}`;
    },
  });
  provider.proxy = false;

  const handler = provider.callback();
  server = createServer(async (req, res) => {
    const match = /^\/interaction\/([^/?]+)/.exec(req.url ?? '');
    if (!match) return handler(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      const accountId = signInAs ?? String(details.params.login_hint ?? '');
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const grant = new provider.Grant({ accountId: details.session!.accountId, clientId });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));

  return {
    issuer,
    clientId,
    clientSecret,
    /** Sign in at the provider as someone other than the login hint (null: follow the hint). */
    signInAs(email: string | null) {
      signInAs = email;
    },
    close: () => new Promise<void>((resolve) => server!.close(() => resolve())),
  };
}

/**
 * Follows a browser's redirects from `sso/start`'s answer — Equip's authorize step (answered by the app
 * itself at `publicUrl`), then the IdP (keeping its cookies) — until it reaches our callback.
 */
export async function browseToCallback(app: App, startUrl: string, publicUrl: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = startUrl;
  for (let hop = 0; hop < 15; hop++) {
    if (url.startsWith(`${publicUrl}${SSO_CALLBACK_PATH}`)) return new URL(url);
    if (url.startsWith(`${publicUrl}${SSO_AUTHORIZE_PATH}`)) {
      const step = await app.inject({ method: 'GET', url: url.slice(publicUrl.length) });
      const location = step.headers.location;
      if (step.statusCode !== 302 || typeof location !== 'string' || location.startsWith('/auth/login'))
        throw new Error(`The authorize step refused: ${step.statusCode} ${location}`);
      url = location;
      continue;
    }
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`Stuck at ${url}: ${res.status} ${await res.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('Too many redirects');
}
