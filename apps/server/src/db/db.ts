import type { Kysely, Transaction } from 'kysely';
import type { CoreTables } from './schema';
import type { OcppTables } from './schema-ocpp';
import type { StationTables } from './schema-stations';
import type { BillingTables } from './schema-billing';
import type { FinancialTables } from './schema-financial';
import type { UserTables } from './schema-users';
import type { OperationTables } from './schema-operations';
import type { PricingTables } from './schema-pricing';
import type { MeterTables } from './schema-meters';
import type { SmartChargingTables } from './schema-smart-charging';
import type { LogTables } from './schema-logs';
import type { SupportTables } from './schema-support';
import type { VoucherTables } from './schema-vouchers';
import type { NotificationTables } from './schema-notifications';

/** Every table of the product. Each area adds its own interface in a schema-<area>.ts file. */
export interface DB
  extends
    CoreTables,
    OcppTables,
    StationTables,
    BillingTables,
    FinancialTables,
    UserTables,
    OperationTables,
    PricingTables,
    MeterTables,
    SmartChargingTables,
    SupportTables,
    LogTables,
    VoucherTables,
    NotificationTables {}

/** A query runs on the database or inside a transaction: repositories accept either. */
export type Executor = Kysely<DB> | Transaction<DB>;
