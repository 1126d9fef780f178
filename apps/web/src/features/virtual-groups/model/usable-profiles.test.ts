import { describe, expect, it } from 'vitest';
import { usableProfiles } from './usable-profiles';

const tenants = [
  { tenant_pk: 1, parent_tenant_pk: null },
  { tenant_pk: 2, parent_tenant_pk: 1 },
  { tenant_pk: 3, parent_tenant_pk: 1 },
  { tenant_pk: 4, parent_tenant_pk: 2 },
];
const profiles = [1, 2, 3, 4].map((pk) => ({ uuid: `u${pk}`, name: `P${pk}`, tenantPk: pk }));

describe('usable pricing profiles', () => {
  it('a group of a sub-network: its own network’s profiles and those above it', () => {
    expect(usableProfiles(profiles, tenants, 4).map((p) => p.uuid)).toEqual(['u1', 'u2', 'u4']);
  });

  it('a group of the top network: only its own', () => {
    expect(usableProfiles(profiles, tenants, 1).map((p) => p.uuid)).toEqual(['u1']);
  });

  it('no network known: every profile', () => {
    expect(usableProfiles(profiles, tenants, undefined)).toHaveLength(4);
    expect(usableProfiles(profiles, tenants, 99)).toHaveLength(4);
  });
});
