import { sql } from 'kysely';
import { AUDIT_PAGE_SIZE } from '@recarga/contracts/tenant-settings-constants';
import type { Executor } from '../../db/db';
import type { TenantAuditTable } from '../../db/schema-tenant-settings';

/** How a secret appears in an audit row: that it changed, never what it is. */
export const SECRET = '•••';

export type AuditFields = Record<string, unknown>;

/**
 * The fields whose value differs between `before` and `after` (the keys of `after`), each side
 * holding only those; null when nothing changed (such a save is not audited).
 */
export function changedFields(before: AuditFields, after: AuditFields): { before: AuditFields; after: AuditFields } | null {
  const b: AuditFields = {};
  const a: AuditFields = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    b[key] = before[key] ?? null;
    a[key] = after[key] ?? null;
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}

export interface AuditRow {
  tenantPk: number;
  userPk: number | null;
  area: TenantAuditTable['area'];
  action: string;
  before: AuditFields | null;
  after: AuditFields | null;
}

/** Records one change; called inside the transaction that makes it. */
export async function insertAudit(db: Executor, row: AuditRow): Promise<void> {
  await db
    .insertInto('tenant_audit')
    .values({
      tenant_pk: row.tenantPk,
      user_pk: row.userPk,
      area: row.area,
      action: row.action,
      before: row.before === null ? null : JSON.stringify(row.before),
      after: row.after === null ? null : JSON.stringify(row.after),
    })
    .execute();
}

/** One page (from 1, AUDIT_PAGE_SIZE rows) of the changes of these tenants, newest first, with who made them. */
export async function listAudit(db: Executor, tenantPks: number[], page: number) {
  if (tenantPks.length === 0) return { rows: [], count: 0 };
  const [rows, total] = await Promise.all([
    db
      .selectFrom('tenant_audit as a')
      .innerJoin('tenants as t', 't.tenant_pk', 'a.tenant_pk')
      .leftJoin('users as u', 'u.user_pk', 'a.user_pk')
      .select([
        'a.audit_pk',
        'a.tenant_pk',
        't.name as tenant_name',
        'a.user_pk',
        sql<string | null>`case when u.user_pk is null then null else trim(u.first_name || ' ' || u.last_name) end`.as('user_name'),
        'u.email as user_email',
        'a.area',
        'a.action',
        'a.before',
        'a.after',
        'a.at',
      ])
      .where('a.tenant_pk', 'in', tenantPks)
      .orderBy('a.at', 'desc')
      .orderBy('a.audit_pk', 'desc')
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE)
      .execute(),
    db
      .selectFrom('tenant_audit')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_pk', 'in', tenantPks)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}
