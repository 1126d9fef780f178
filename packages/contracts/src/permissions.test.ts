import { describe, expect, it } from 'vitest';
import type { PermissionEntry } from './auth';
import { permittedRoutes, roles } from './permissions';
import type { DashboardRoute } from './routes';

const routes = (...r: string[]): PermissionEntry[] => r.map((route) => ({ route, status: true }));
const role = (role_id: string): PermissionEntry => ({ role_id, status: true });
const all = routes(
  '/',
  '/stations',
  '/financial',
  '/dynamic-pricing',
  '/virtual-groups',
  '/virtual-groups/edit/{id}/smart-charging/create',
  '/vouchers',
  '/voucher/{id}',
  '/log',
);

describe('route filtering', () => {
  it('monetization routes, without the monetization role, are removed', () => {
    const p = permittedRoutes(all, 'move');
    expect(p.has('/financial')).toBe(false);
    expect(p.has('/dynamic-pricing')).toBe(false);
    expect(p.has('/virtual-groups/edit/{id}/smart-charging/create')).toBe(false);
    expect(p.has('/stations')).toBe(true);
  });

  it('monetization routes, with the role, stay', () => {
    const p = permittedRoutes([...all, role(roles.monetization)], 'move');
    expect(p.has('/financial')).toBe(true);
    expect(p.has('/virtual-groups')).toBe(true);
  });

  it('voucher routes need the voucher role', () => {
    expect(permittedRoutes(all, 'move').has('/vouchers')).toBe(false);
    expect(permittedRoutes([...all, role(roles.createVoucher)], 'move').has('/voucher/{id}')).toBe(true);
  });

  it('log routes need the load-balance role together with the other two', () => {
    expect(permittedRoutes([...all, role(roles.loadBalance)], 'move').has('/log')).toBe(false);
    expect(permittedRoutes([...all, role(roles.loadBalance), role(roles.monetization)], 'move').has('/log')).toBe(false);
    expect(
      permittedRoutes([...all, role(roles.loadBalance), role(roles.monetization), role(roles.createVoucher)], 'move').has('/log'),
    ).toBe(true);
  });

  it('on the Terpel theme, monetization, voucher and log routes stay without the roles', () => {
    const p = permittedRoutes(all, 'terpel');
    for (const r of ['/financial', '/dynamic-pricing', '/vouchers', '/log'] as const) expect(p.has(r)).toBe(true);
  });

  it('a key the specification does not name, with status true, grants nothing', () => {
    const p = permittedRoutes(routes('/stations', '/station', '/virtual-groups/create'), 'move');
    expect([...p]).toEqual(['/stations' satisfies DashboardRoute]);
  });

  it('an entry with status false, or a role entry, grants no route', () => {
    const p = permittedRoutes([{ route: '/stations', status: false }, role('/alerts')], 'move');
    expect(p.size).toBe(0);
  });
});
