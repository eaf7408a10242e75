import { describe, expect, it } from 'vitest';
import { type Actor, decideCatalogWrite, decideDraftWrite } from './access.ts';
import { deliveryAddressProblems, POSTAL_CODE_FORMATS } from './procurement.ts';

const ORG = '00000000-0000-4000-a000-000000000001';
const OTHER = '00000000-0000-4000-a000-000000000002';
const actor = (role: Actor['role']): Actor => ({ userUuid: 'u', role, organizationUuid: ORG });

describe('delivery addresses per country', () => {
  it.each([
    ['DE', '10119', '1011'],
    ['AT', '1010', '10100'],
    ['CH', '8001', 'CH-8001'],
    ['FR', '75001', '7500'],
    ['NL', '1012 AB', '1012'],
    ['GB', 'SW1A 1AA', '12345'],
    ['US', '94105-1234', '9410'],
  ])('%s takes %s and refuses %s', (country, good, bad) => {
    expect(deliveryAddressProblems({ country, postalCode: good })).toEqual([]);
    expect(deliveryAddressProblems({ country, postalCode: bad })).toEqual([
      { field: 'postalCode', message: 'Postal code does not match the format of the country' },
    ]);
  });
  it('checks at least DE, AT, CH, FR, NL, GB and US; others only by their code', () => {
    expect(Object.keys(POSTAL_CODE_FORMATS).sort()).toEqual(['AT', 'CH', 'DE', 'FR', 'GB', 'NL', 'US']);
    expect(deliveryAddressProblems({ country: 'it', postalCode: 'anything' })).toEqual([]);
    expect(deliveryAddressProblems({ country: 'Germany', postalCode: '10119' })[0]?.field).toBe('country');
  });
});

describe('who writes the catalog and drafts (decision 031)', () => {
  it('regular people write nothing', () => {
    expect(decideCatalogWrite(actor('regular'), 'Organization', null)).toMatchObject({
      allowed: false,
      status: 403,
    });
    expect(decideDraftWrite(actor('regular'), {})).toMatchObject({ allowed: false, status: 403 });
  });
  it('IT owners write their organisation’s items, never General ones nor another organisation’s', () => {
    const owner = actor('it-owner');
    expect(decideCatalogWrite(owner, 'Organization', null)).toEqual({ allowed: true });
    expect(decideCatalogWrite(owner, 'Organization', { organizationUuid: ORG })).toEqual({ allowed: true });
    expect(decideCatalogWrite(owner, 'General', null)).toMatchObject({ status: 403 });
    expect(decideCatalogWrite(owner, 'General', { organizationUuid: null })).toMatchObject({ status: 403 });
    expect(decideCatalogWrite(owner, 'Organization', { organizationUuid: OTHER })).toMatchObject({
      status: 404,
    });
    expect(decideCatalogWrite(owner, 'Organization', null, { organizationUuid: OTHER })).toMatchObject({
      status: 403,
      field: 'organizationUuid',
    });
  });
  it('provider admins write General items, and the organisation’s they act for', () => {
    const admin = actor('equip-admin');
    expect(decideCatalogWrite(admin, 'General', null)).toEqual({ allowed: true });
    expect(decideCatalogWrite(admin, 'General', null, { organizationUuid: ORG })).toMatchObject({
      status: 403,
    });
    expect(decideCatalogWrite(admin, 'Organization', { organizationUuid: ORG })).toEqual({ allowed: true });
    expect(decideCatalogWrite(admin, 'Organization', { organizationUuid: OTHER })).toMatchObject({
      status: 404,
    });
  });
  it('a provider admin’s draft names the organisation acted for (decision 004)', () => {
    const admin = actor('equip-admin');
    expect(decideDraftWrite(admin, { organizationUuid: ORG })).toEqual({ allowed: true });
    expect(decideDraftWrite(admin, {})).toMatchObject({ status: 403, field: 'organizationUuid' });
    expect(decideDraftWrite(admin, { organizationUuid: OTHER })).toMatchObject({
      status: 403,
      field: 'organizationUuid',
    });
    expect(decideDraftWrite(actor('it-owner'), {})).toEqual({ allowed: true });
    expect(decideDraftWrite(actor('it-owner'), { organizationUuid: OTHER })).toMatchObject({ status: 403 });
  });
});
