import type { ColumnType, Generated } from 'kysely';
import type { LogCategory, LogLevel } from '@recarga/contracts/logs';

/** One line of a tenant's operational log (migration 0026). */
export interface TenantLogLinesTable {
  line_pk: Generated<number>;
  tenant_pk: number;
  at: ColumnType<Date, Date | string, Date | string>;
  level: LogLevel;
  category: LogCategory;
  charge_box_id: string | null;
  text: string;
}

export interface LogTables {
  tenant_log_lines: TenantLogLinesTable;
}

declare module './schema' {
  interface TenantsTable {
    /** Local days of log lines the tenant keeps, today included (migration 0026; default 30). */
    log_retention_days: Generated<number>;
  }
}
