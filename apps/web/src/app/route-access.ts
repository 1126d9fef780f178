/** Pure rules shared by router, guards and menu (no React here, so they unit-test in node). */

import type { DashboardRoute } from '@recarga/contracts/routes';

type RouteAccess = 'public' | 'guest' | 'private';

export interface RouteRule {
  path: string;
  access: RouteAccess;
  /**
   * Key as written in the user's permission list (e.g. `/user/{id}`), one the spec names (a
   * misspelt key does not compile); null: any signed-in user.
   */
  permission: DashboardRoute | null;
  /**
   * Route parameter holding a user id: when it is the signed-in user's own id the screen opens
   * without the permission (everyone may open their own profile, /user/{id}).
   */
  selfParam?: string;
  menu?: { order: number };
}

/**
 * True when a signed-in user with these permitted keys may open a private route; `self` (the
 * route's parameters and the signed-in user's id) opens a `selfParam` route on one's own id.
 */
export function isRouteAllowed(
  route: Pick<RouteRule, 'permission' | 'selfParam'>,
  permitted: ReadonlySet<DashboardRoute>,
  self?: { params: Readonly<Record<string, string | undefined>>; userId: number },
): boolean {
  if (route.permission === null || permitted.has(route.permission)) return true;
  return !!(route.selfParam && self && self.params[route.selfParam] === String(self.userId));
}

/** Menu entries: private routes with a menu entry whose permission is granted, in menu order. */
export function menuRoutes<T extends RouteRule>(table: readonly T[], permitted: ReadonlySet<DashboardRoute>): T[] {
  return table
    .filter((r) => r.access === 'private' && r.menu && isRouteAllowed(r, permitted))
    .sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0));
}

/** True when the table has a built screen for this permission key (e.g. `/user/{id}`). */
export function hasScreenFor(table: readonly RouteRule[], permissionKey: DashboardRoute): boolean {
  return table.some((r) => r.permission === permissionKey);
}

/** Fills a permission-key pattern (`/user/{id}`) into a link (`/user/7`). */
export function linkTo(permissionKey: DashboardRoute, params: Record<string, string | number>): string {
  return permissionKey.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(params[name] ?? '')));
}
