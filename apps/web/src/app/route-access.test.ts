import { describe, expect, it } from 'vitest';
import { permittedRoutes } from '@recarga/contracts/permissions';
import type { DashboardRoute } from '@recarga/contracts/routes';
import { hasScreenFor, isRouteAllowed, linkTo, menuRoutes, type RouteRule } from './route-access';

const table: RouteRule[] = [
  { path: '/', access: 'private', permission: '/', menu: { order: 10 } },
  { path: '/financial', access: 'private', permission: '/financial', menu: { order: 30 } },
  { path: '/stations', access: 'private', permission: '/stations', menu: { order: 20 } },
  { path: '/stations/edit/:id', access: 'private', permission: '/stations/edit/{id}' },
  { path: '/auth/login', access: 'guest', permission: null },
];

describe('route access', () => {
  it('builds the menu from permitted screens in menu order, when some are granted', () => {
    const menu = menuRoutes(table, new Set<DashboardRoute>(['/', '/stations', '/stations/edit/{id}']));
    expect(menu.map((r) => r.path)).toEqual(['/', '/stations']);
  });

  it('drops the financial entry, when the monetization role is missing outside the Terpel theme', () => {
    const permissions = [
      { route: '/', status: true },
      { route: '/financial', status: true },
    ];
    expect(menuRoutes(table, permittedRoutes(permissions, 'move')).map((r) => r.path)).toEqual(['/']);
    expect(menuRoutes(table, permittedRoutes(permissions, 'terpel')).map((r) => r.path)).toEqual(['/', '/financial']);
  });

  it('ignores entries with status false', () => {
    const permitted = permittedRoutes([{ route: '/stations', status: false }], 'move');
    expect(isRouteAllowed({ permission: '/stations' }, permitted)).toBe(false);
    expect(isRouteAllowed({ permission: null }, permitted)).toBe(true);
  });

  it('opens a selfParam route on the signed-in user own id without the permission, and only there', () => {
    const profile = { permission: '/user/{id}', selfParam: 'id' } as const;
    const none = new Set<DashboardRoute>();
    expect(isRouteAllowed(profile, none, { params: { id: '7' }, userId: 7 })).toBe(true);
    expect(isRouteAllowed(profile, none, { params: { id: '8' }, userId: 7 })).toBe(false);
    expect(isRouteAllowed(profile, none)).toBe(false);
    expect(isRouteAllowed(profile, new Set<DashboardRoute>(['/user/{id}']), { params: { id: '8' }, userId: 7 })).toBe(true);
    // Without selfParam the own id opens nothing.
    expect(isRouteAllowed({ permission: '/stations/edit/{id}' }, none, { params: { id: '7' }, userId: 7 })).toBe(false);
  });

  it('knows whether a screen exists for a permission key', () => {
    expect(hasScreenFor(table, '/stations/edit/{id}')).toBe(true);
    expect(hasScreenFor(table, '/user/{id}')).toBe(false);
  });

  it('turns a permission key into a link', () => {
    expect(linkTo('/user/{id}', { id: 7 })).toBe('/user/7');
  });
});
