import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

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
