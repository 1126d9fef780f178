import type { TenantAuditEntry } from '@recarga/contracts/tenant-settings';
import type { listAudit } from './audit-repository';

type Row = Awaited<ReturnType<typeof listAudit>>['rows'][number];

/** An audit row as /config and /admin list it. */
export function asAuditEntry(r: Row): TenantAuditEntry {
  return {
    auditPk: Number(r.audit_pk),
    tenantPk: r.tenant_pk,
    tenantName: r.tenant_name,
    userPk: r.user_pk,
    userName: r.user_name,
    userEmail: r.user_email,
    area: r.area,
    action: r.action,
    before: r.before,
    after: r.after,
    at: new Date(r.at).toISOString(),
  };
}
