import { describe, expect, it } from 'vitest';
import { parentChoices, subtreeOf, usageLevel } from './tenant-tree';

// root 1 → sol 2 → move 3; root 1 → terpel 4 → terpel-sur 5
const tenants = [
  { tenantPk: 1, parentTenantPk: null },
  { tenantPk: 2, parentTenantPk: 1 },
  { tenantPk: 3, parentTenantPk: 2 },
  { tenantPk: 4, parentTenantPk: 1 },
  { tenantPk: 5, parentTenantPk: 4 },
];

describe('subtreeOf', () => {
  it('holds the network and everything below it, at any depth', () => {
    expect([...subtreeOf(tenants, 2)].sort()).toEqual([2, 3]);
    expect([...subtreeOf(tenants, 1)].sort()).toEqual([1, 2, 3, 4, 5]);
    expect([...subtreeOf(tenants, 5)]).toEqual([5]);
  });
});

describe('parentChoices', () => {
  it('leaves out the network itself and those below it, when a network is moved', () => {
    expect(parentChoices(tenants, 2).map((t) => t.tenantPk)).toEqual([1, 4, 5]);
  });

  it('offers every network, when a new one is created', () => {
    expect(parentChoices(tenants, null).map((t) => t.tenantPk)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('usageLevel', () => {
  it('is over at the limit, near from 80 % and ok below or when unlimited', () => {
    expect(usageLevel(10, 10)).toBe('over');
    expect(usageLevel(1, 0)).toBe('over');
    expect(usageLevel(8, 10)).toBe('near');
    expect(usageLevel(7, 10)).toBe('ok');
    expect(usageLevel(5000, null)).toBe('ok');
  });
});
