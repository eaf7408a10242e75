import type { CurrentUser } from '@equip/domain/identity';

/** A signed-in person for tests (an IT owner unless overridden). */
export function testUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  const accountUuid = overrides.accountUuid ?? '11111111-1111-4111-8111-111111111111';
  const organizationUuid = overrides.organizationUuid ?? '22222222-2222-4222-8222-222222222222';
  return {
    identifier: accountUuid,
    treats: { organization_uuid: organizationUuid },
    accountUuid,
    organizationUuid,
    role: 'it-owner',
    email: 'ada@acme.example',
    firstName: 'Ada',
    lastName: 'Lovelace',
    organizationName: 'Acme GmbH',
    organizationIcon: null,
    mfaMethods: [],
    locale: null,
    timeZone: 'Europe/Berlin',
    ...overrides,
  };
}
