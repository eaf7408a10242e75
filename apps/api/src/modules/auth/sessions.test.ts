import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createOrganization, createUser, tokenFor } from '../../test/factories.ts';
import { LiveSessions } from './sessions.ts';

describe('live sessions across instances', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.app.close());

  it('takes a demotion made elsewhere into account within the recheck period (2 s), not 15 minutes', async () => {
    const db = t.services.database.db;
    const org = await createOrganization(db);
    const owner = await createUser(db, { organizationUuid: org.uuid, role: 'it-owner' });
    const token = await tokenFor(t.services, owner);
    let now = 1_000_000;
    // This instance's view of sessions; another instance (here: a direct update) demotes the owner.
    const sessions = new LiveSessions(db, t.services.accessTokens, 2000, () => now);
    expect(await sessions.verify(token)).toMatchObject({ userUuid: owner.uuid, role: 'it-owner' });
    await db.update(users).set({ role: 'regular' }).where(eq(users.uuid, owner.uuid));
    now += 1500;
    expect(await sessions.verify(token)).not.toBeNull();
    now += 600;
    expect(await sessions.verify(token)).toBeNull();
  });

  it('forgets at once what this instance itself revoked', async () => {
    const db = t.services.database.db;
    const org = await createOrganization(db);
    const person = await createUser(db, { organizationUuid: org.uuid });
    const token = await tokenFor(t.services, person);
    const sessions = new LiveSessions(db, t.services.accessTokens, 60_000);
    const auth = await sessions.verify(token);
    expect(auth).not.toBeNull();
    await t.services.auth.refreshTokens.revokeFamily(auth!.sessionUuid);
    expect(await sessions.verify(token)).not.toBeNull();
    sessions.forget(auth!.sessionUuid);
    expect(await sessions.verify(token)).toBeNull();
  });
});
