import type { PermissionEntry } from '@recarga/contracts/auth';
import type { DashboardRoute } from '@recarga/contracts/routes';

export interface TenantScope {
  /** The signed-in user's tenant. */
  tenantPk: number;
  /** Its materialised path; the scope covers every tenant whose path starts with it. */
  path: string;
  /** Every tenant in scope: the user's own and all its descendants. */
  tenantPks: number[];
  /**
   * Set for a station owner (role DASH_STATION_OWNER): of those tenants, only the stations this
   * user owns — and their recharges, events and reports — are in scope.
   */
  ownerUserPk?: number | null;
}

export interface AuthUser {
  userPk: number;
  name: string;
  email: string;
  tenantPk: number;
  theme: string;
  permissions: PermissionEntry[];
  /** Route keys usable after the spec's filtering rules. */
  permitted: ReadonlySet<DashboardRoute>;
  /** Role ids held with status true. */
  roles: Set<string>;
}

/** What every service receives first: who asks and which tenants they may see. */
export interface RequestContext {
  user: AuthUser;
  tenantScope: TenantScope;
  sessionId: string;
}

/** Who may call a route. Every route under /api, /gateway and /smart declares one (default deny). */
export type Access =
  | { public: true }
  | { authenticated: true }
  | {
      /** Any one of these permission keys (dashboard routes) grants access. */
      permission: DashboardRoute | DashboardRoute[];
      /** An additional role id that must be held. */
      role?: string;
    };
