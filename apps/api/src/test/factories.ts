import { randomUUID } from 'node:crypto';
import type { FeatureFlagName } from '@equip/domain/flags';
import type { Role, UserType } from '@equip/domain/identity';
import { eq } from 'drizzle-orm';
import type { AppServices } from '../app-services.ts';
import type { Db } from '../db/client.ts';
import { featureFlags, organizations, PROVIDER_ORGANIZATION_UUID, users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { RefreshTokens } from '../modules/auth/refresh-tokens.ts';

/** Generated data for tests: every call makes new, unique rows. */
export async function createOrganization(db: Db, name = `Org ${randomUUID().slice(0, 8)}`) {
  const [org] = await db.insert(organizations).values({ name, onboardingStep: 'finished' }).returning();
  return org!;
}

export interface TestUserInput {
  /** Ignored for provider admins (role equip-admin): they live in the provider organisation. */
  organizationUuid: string;
  role?: Role;
  userType?: UserType;
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
}

let passwordHashCache: { password: string; hash: string } | undefined;

export async function createUser(db: Db, input: TestUserInput) {
  let passwordHash: string | null = null;
  if (input.password) {
    // Hashing costs ~50 ms: reuse the hash of the common test password.
    if (passwordHashCache?.password !== input.password)
      passwordHashCache = { password: input.password, hash: await hashPassword(input.password) };
    passwordHash = passwordHashCache.hash;
  }
  const [user] = await db
    .insert(users)
    .values({
      organizationUuid: input.role === 'equip-admin' ? PROVIDER_ORGANIZATION_UUID : input.organizationUuid,
      email: input.email ?? `user-${randomUUID()}@example.test`,
      firstName: input.firstName ?? 'Test',
      lastName: input.lastName ?? `User ${randomUUID().slice(0, 6)}`,
      role: input.role ?? 'regular',
      userType: input.userType ?? 'regularUser',
      passwordHash,
      emailVerifiedAt: new Date(),
    })
    .returning();
  return user!;
}

/**
 * An access token for a user, as the login would issue it, with a live session behind it. Provider
 * admins act for `actingFor`.
 */
export async function tokenFor(
  services: AppServices,
  user: { uuid: string; role: Role; organizationUuid: string },
  actingFor?: string,
) {
  const organizationUuid = actingFor ?? user.organizationUuid;
  const acting = organizationUuid === user.organizationUuid ? null : organizationUuid;
  const { familyUuid } = await new RefreshTokens(services.database.db).issue(user.uuid, acting);
  return services.accessTokens.sign({
    userUuid: user.uuid,
    sessionUuid: familyUuid,
    role: user.role,
    homeOrganizationUuid: user.organizationUuid,
    organizationUuid,
  });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The callers a route's tests need: an it-owner of `organizationUuid` (with its person), a regular
 * person there, a provider admin acting for it, and an it-owner of `otherOrganizationUuid`.
 */
export async function tokensOfRoles(
  services: AppServices,
  organizationUuid: string,
  otherOrganizationUuid: string,
  ownerInput: Partial<TestUserInput> = {},
) {
  const db = services.database.db;
  const owner = await createUser(db, { ...ownerInput, organizationUuid, role: 'it-owner' });
  return {
    owner,
    ownerToken: await tokenFor(services, owner),
    regularToken: await tokenFor(services, await createUser(db, { organizationUuid })),
    adminToken: await tokenFor(
      services,
      await createUser(db, { organizationUuid, role: 'equip-admin' }),
      organizationUuid,
    ),
    otherOwnerToken: await tokenFor(
      services,
      await createUser(db, { organizationUuid: otherOrganizationUuid, role: 'it-owner' }),
    ),
  };
}

/**
 * Sets a feature flag in the worker's flag table (shared by the test files it runs); answers how to put
 * it back as it was, for the file's afterAll.
 */
export async function setFeatureFlag(db: Db, name: FeatureFlagName, value: 'on' | 'off') {
  const [before] = await db
    .select({ value: featureFlags.value })
    .from(featureFlags)
    .where(eq(featureFlags.name, name));
  const write = (next: string) =>
    db
      .insert(featureFlags)
      .values({ name, value: next })
      .onConflictDoUpdate({ target: featureFlags.name, set: { value: next } });
  await write(value);
  return async () => {
    if (before) await write(before.value);
    else await db.delete(featureFlags).where(eq(featureFlags.name, name));
  };
}
