import { sql, type SqlBool } from 'kysely';

/**
 * A user belongs with a network when the user's tenant is that network, one above it or one below
 * it (its tree path is a prefix of the other's either way): who may get a network's voucher, and
 * so who its voucher picker offers. `userTenantPath` and `tenantPath` are column references.
 */
export function tenantsRelated(userTenantPath: string, tenantPath: string) {
  return sql<SqlBool>`(${sql.ref(userTenantPath)} like ${sql.ref(tenantPath)} || '%' or ${sql.ref(tenantPath)} like ${sql.ref(userTenantPath)} || '%')`;
}
