import type { ColumnType, Generated } from 'kysely';

type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read as the parsed value, written as JSON text. */
type Json<T> = ColumnType<T, string | null, string | null>;

/** The uploaded logo of a network (migration 0030). */
export interface TenantLogosTable {
  tenant_pk: number;
  media_type: 'image/png' | 'image/jpeg' | 'image/webp';
  /** bytea: a Buffer from `pg`, a Uint8Array from PGlite. */
  bytes: ColumnType<Uint8Array, Buffer, Buffer>;
  version: string;
  updated_at: UpdatedAt;
}

/** A network's own Firebase service account (migration 0030); `service_account` never leaves the server. */
export interface TenantPushCredentialsTable {
  tenant_pk: number;
  service_account: string;
  project_id: string;
  client_email: string;
  updated_at: UpdatedAt;
}

/** One audited change of /config or /admin (migration 0030). */
export interface TenantAuditTable {
  audit_pk: Generated<number>;
  tenant_pk: number;
  user_pk: number | null;
  area: 'config' | 'admin';
  action: string;
  before: Json<Record<string, unknown> | null>;
  after: Json<Record<string, unknown> | null>;
  at: ColumnType<Date, Date | string | undefined, never>;
}

// Migration 0030: the brand, the terms of use and the modules of a network on the core table, and
// the settings' own tables beside it (they belong to the tenant, as tenant_hosts does).
declare module './schema' {
  interface TenantsTable {
    /** Brand name over the theme's; null: the theme's. */
    brand_name: Generated<string | null>;
    /** #rrggbb over the theme's palette; null: the theme's. */
    primary_color: Generated<string | null>;
    dark_color: Generated<string | null>;
    /** The network's terms of use (a host's own goes first); null: none. */
    terms_of_use_url: Generated<string | null>;
    /** Modules an administrator may switch off (contracts/permissions applyTenantModules). */
    module_monetization: Generated<boolean>;
    module_vouchers: Generated<boolean>;
    module_smart_charging: Generated<boolean>;
  }
  interface CoreTables {
    tenant_logos: TenantLogosTable;
    tenant_push_credentials: TenantPushCredentialsTable;
    tenant_audit: TenantAuditTable;
  }
}
