import type { PermissionEntry } from './auth';
import { dashboardRoutes, type DashboardRoute } from './routes';

/** Role ids the spec names. */
export const roles = {
  monetization: 'DASH_CVE_PRO_MONETIZATION_CONFIG',
  createVoucher: 'DASH_CVE_PRO_CREATE_VOUCHER',
  loadBalance: 'DASH_CVE_PRO_SMART_CHARGING_LOAD_BALANCE',
  financialIndicators: 'DASH_FINANCIAL_INDICATORS',
  disableTransactionOptions: 'DASH_DISABLE_TRANSACTION_OPTIONS',
  smartChargingCreate: 'DASH_SMART_CHARGING_CREATE',
  virtualGroupEditChargeboxes: 'DASH_VIRTUAL_GROUP_EDIT_CHARGEBOXES',
  /** Payment capability: manual approval of payments (see docs/decisions.md). */
  paymentApproval: 'DASH_PAYMENT_APPROVAL',
  /** Invoice capability: invoice column, resend (see docs/decisions.md). */
  invoice: 'DASH_INVOICE',
  /** Platform administrator: v1.5, tasks, charging profiles, payment generation. */
  admin: 'DASH_ADMIN',
  /** Station owner: a scope, not a grant — only the stations the user owns (see docs/decisions.md). */
  stationOwner: 'DASH_STATION_OWNER',
} as const;

/** Themes with the Terpel exceptions of the route filter. */
export const terpelThemes = new Set(['terpel']);

const known = new Set<string>(dashboardRoutes);

/** True for a key the specification names (a permission list may hold keys of other products). */
function isDashboardRoute(key: string): key is DashboardRoute {
  return known.has(key);
}

const monetizationRoutes = ['/dynamic-pricing', '/virtual-groups', '/financial'];
const voucherRoutes = ['/vouchers', '/voucher'];
const logRoutes = ['/log'];

function startsWithAny(route: string, prefixes: string[]): boolean {
  return prefixes.some((p) => route === p || route.startsWith(p + '/'));
}

export function hasRole(permissions: PermissionEntry[], roleId: string): boolean {
  return permissions.some((p) => p.role_id === roleId && p.status);
}

/**
 * Applies the route-filtering rules of both specification documents and returns the set of
 * route keys that are usable: entries with status true, minus monetization, voucher and log
 * routes when their roles are missing (a Terpel theme keeps them). Keys the specification does
 * not name grant nothing and are left out, so every key in the set is a `DashboardRoute`.
 */
export function permittedRoutes(permissions: PermissionEntry[], theme: string): Set<DashboardRoute> {
  const terpel = terpelThemes.has(theme);
  const monetization = terpel || hasRole(permissions, roles.monetization);
  const vouchers = terpel || hasRole(permissions, roles.createVoucher);
  const logs =
    terpel ||
    (hasRole(permissions, roles.loadBalance) && hasRole(permissions, roles.monetization) && hasRole(permissions, roles.createVoucher));
  const out = new Set<DashboardRoute>();
  for (const p of permissions) {
    if (!p.status || !p.route || !isDashboardRoute(p.route)) continue;
    if (!monetization && startsWithAny(p.route, monetizationRoutes)) continue;
    if (!vouchers && startsWithAny(p.route, voucherRoutes)) continue;
    if (!logs && startsWithAny(p.route, logRoutes)) continue;
    out.add(p.route);
  }
  return out;
}

/** What each tenant module grants: its routes (and their sub-routes) and its role ids. */
const moduleGrants: Record<'monetization' | 'vouchers' | 'smartCharging', { routes: string[]; roles: string[] }> = {
  monetization: { routes: monetizationRoutes, roles: [roles.monetization] },
  vouchers: { routes: voucherRoutes, roles: [roles.createVoucher] },
  smartCharging: { routes: [], roles: [roles.loadBalance, roles.smartChargingCreate] },
};

/**
 * A user's permission entries under their tenant's modules (set in /admin): the routes and roles of
 * a switched-off module are dropped before anything reads them, so the Terpel exception of
 * `permittedRoutes` cannot bring a switched-off module back. Applied by the server to the session's
 * permissions; the web receives them already applied.
 */
export function applyTenantModules(
  permissions: PermissionEntry[],
  modules: Record<'monetization' | 'vouchers' | 'smartCharging', boolean>,
): PermissionEntry[] {
  const off = (Object.keys(moduleGrants) as (keyof typeof moduleGrants)[]).filter((m) => !modules[m]).map((m) => moduleGrants[m]);
  if (off.length === 0) return permissions;
  const routes = off.flatMap((g) => g.routes);
  const roleIds = new Set(off.flatMap((g) => g.roles));
  return permissions.filter((p) => !(p.role_id && roleIds.has(p.role_id)) && !(p.route && startsWithAny(p.route, routes)));
}
