import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readerOfDb } from '../../cli/database-source.ts';
import { checkSealedSecrets } from '../../cli/installation-secret.ts';
import { organizations } from '../../db/schema/index.ts';
import { decryptSecret, SEALED_SECRET_PURPOSES, sealingKey } from '../../security/sealed-secrets.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';
import { sealPlainSsoSecrets } from './sso.ts';

/** Every row of every table of the schema as text: what a database dump holds. */
async function dumpOf(t: TestApp): Promise<string> {
  const db = t.services.database.db;
  const { rows: tables } = (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { name: string }[] };
  const parts: string[] = [];
  for (const { name } of tables) {
    const { rows } = (await db.execute(
      sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t`,
    )) as unknown as { rows: { row: string }[] };
    parts.push(...rows.map((r) => r.row));
  }
  return parts.join('\n');
}

describe('SSO client secrets are sealed (decision 034)', () => {
  let t: TestApp;
  const key = () => sealingKey(t.services.keys.jwtSecret, SEALED_SECRET_PURPOSES.ssoClientSecrets);
  const db = () => t.services.database.db;
  const stored = async (uuid: string) =>
    (await db().select().from(organizations).where(eq(organizations.uuid, uuid)))[0]!;

  beforeAll(async () => {
    t = await createTestApp({ env: { SSO_ALLOW_PRIVATE_ISSUERS: 'true' } });
  });
  afterAll(() => t.app.close());

  it('seals a secret stored in plain text before, at start-up, and empties the plain column', async () => {
    const org = await createOrganization(db());
    const legacy = `legacy-plain-${randomUUID()}`;
    await db()
      .update(organizations)
      .set({ ssoIssuer: 'https://idp.example', ssoClientId: 'client', ssoClientSecret: legacy })
      .where(eq(organizations.uuid, org.uuid));
    expect(await sealPlainSsoSecrets(db(), key())).toBeGreaterThanOrEqual(1);
    const row = await stored(org.uuid);
    expect(row.ssoClientSecret).toBeNull();
    expect(decryptSecret(key(), row.ssoClientSecretEncrypted!)).toBe(legacy);
    // A second start finds nothing left to seal.
    expect(await sealPlainSsoSecrets(db(), key())).toBe(0);
    expect(await dumpOf(t)).not.toContain(legacy);
  });

  it('stores a configured secret sealed, never answers it, and still offers single sign-on with it', async () => {
    const org = await createOrganization(db(), `SSO ${randomUUID().slice(0, 6)}`);
    const owner = await createUser(db(), {
      organizationUuid: org.uuid,
      role: 'it-owner',
      email: `owner-${randomUUID().slice(0, 6)}@sealed-sso.test`,
    });
    const secret = `configured-${randomUUID()}`;
    const token = await tokenFor(t.services, owner);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/organization/sso',
      headers: bearer(token),
      payload: { provider: 'google', issuer: 'http://127.0.0.1:9', clientId: 'client', clientSecret: secret },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().hasClientSecret).toBe(true);
    expect(put.body).not.toContain(secret);
    const get = await t.app.inject({ method: 'GET', url: '/api/organization/sso', headers: bearer(token) });
    expect(get.json().hasClientSecret).toBe(true);
    expect(get.body).not.toContain(secret);

    const row = await stored(org.uuid);
    expect(row.ssoClientSecret).toBeNull();
    expect(decryptSecret(key(), row.ssoClientSecretEncrypted!)).toBe(secret);

    // Changing the provider without a secret keeps the sealed one.
    await t.app.inject({
      method: 'PUT',
      url: '/api/organization/sso',
      headers: bearer(token),
      payload: { provider: 'microsoft', issuer: 'http://127.0.0.1:9', clientId: 'client-2' },
    });
    expect((await stored(org.uuid)).ssoClientSecretEncrypted).toBe(row.ssoClientSecretEncrypted);

    const start = await t.app.inject({
      method: 'POST',
      url: '/api/user/shared/auth/unprotected/sso/start',
      payload: { email: owner.email },
    });
    expect(start.json().authorizationUrl).toContain('state=');

    expect(await dumpOf(t)).not.toContain(secret);
    const checks = await checkSealedSecrets(readerOfDb(db()), t.services.keys.jwtSecret);
    const sso = checks.find((c) => c.table === 'organizations')!;
    expect(sso.total).toBeGreaterThan(0);
    expect(sso.opened).toBe(sso.total);
  });
});
