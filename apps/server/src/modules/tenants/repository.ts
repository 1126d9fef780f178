import type { Kysely } from 'kysely';
import type { DB } from '../../db/db';
import type { TenantScope } from '../../platform/auth/context';

export function listTenants(db: Kysely<DB>, scope: TenantScope) {
  return db
    .selectFrom('tenants')
    .select([
      'tenant_pk',
      'name',
      'alias',
      'parent_tenant_pk',
      'theme',
      'country',
      'currency',
      'tenant_device_reader',
      'sms_enabled',
      'api_key',
    ])
    .where('tenant_pk', 'in', scope.tenantPks)
    .orderBy('path')
    .execute();
}
