import { z } from 'zod';
import { KM_PER_KWH } from './station-graphs';
import { emptyToUndefined, queryBoolean, queryId, queryTimeZone, INT4_MAX } from './query';
import { TREE_KG_CO2_PER_YEAR } from './stats-constants';

/**
 * Home dashboard indicators (000 §2 "Home dashboard", §3 "Dashboard stats", §7 stats calls) and
 * the live `stats` topic (002 §3 stats store, §4). Paths are under /api/ and tolerate a trailing
 * slash. Money in minor units (integers), energy in kWh (3 decimals), CO2 in kg, percentages and
 * goals as fractions (0.25 = 25 %). See docs/decisions-dashboard.md.
 */

// ---------------------------------------------------------------------------------------------
// Constants (documented with their sources in docs/decisions-dashboard.md)

// The period's bounds and the tree's yearly CO2 are in stats-constants.ts (no zod: the home
// dashboard's first load reads them).
export { STATS_DEFAULT_DAYS, STATS_MIN_DATE, TREE_KG_CO2_PER_YEAR } from './stats-constants';

export const gridSources = ['MCTI_2023', 'EMBER_2023', 'TENANT'] as const;
export type GridSource = (typeof gridSources)[number];

/** A grid's emission factor: kg of CO2 per kWh drawn, and where the figure comes from. */
export interface GridFactor {
  kgCo2PerKwh: number;
  /** 'MCTI_2023', 'EMBER_2023', or 'TENANT' when the tenant set its own. */
  source: GridSource;
}
/**
 * Default grid factors by tenant country (docs/decisions.md, "CO2 by country"). Brazil: the SIN's
 * official average 2023 (MCTI/SIRENE, 0.0385 tCO2/MWh). Colombia, Ecuador, Uruguay: carbon intensity
 * of electricity generation 2023 (Ember, via Our World in Data): 259.5, 150.2 and 128.8 gCO2e/kWh.
 * Any other country: the world's 2023 figure from the same series, 480.8 g.
 */
export const GRID_FACTORS: Readonly<Record<string, GridFactor>> = {
  BR: { kgCo2PerKwh: 0.0385, source: 'MCTI_2023' },
  CO: { kgCo2PerKwh: 0.2595, source: 'EMBER_2023' },
  EC: { kgCo2PerKwh: 0.1502, source: 'EMBER_2023' },
  UY: { kgCo2PerKwh: 0.1288, source: 'EMBER_2023' },
};
const WORLD_GRID: GridFactor = { kgCo2PerKwh: 0.4808, source: 'EMBER_2023' };
/** Highest grid factor a tenant may set (kg CO2 per kWh): above any real grid. */
export const GRID_FACTOR_MAX = 2;

/** The tenant's own factor when it set one, else its country's default. */
export function gridFactorFor(country: string, own?: number | null): GridFactor {
  if (own !== null && own !== undefined && Number.isFinite(own)) return { kgCo2PerKwh: own, source: 'TENANT' };
  return GRID_FACTORS[country.trim().toUpperCase()] ?? WORLD_GRID;
}

/** Average new petrol car, EEA monitoring (2017 registrations): 121.6 g CO2/km. */
const PETROL_CAR_KG_CO2_PER_KM = 0.1216;
/**
 * kg of CO2 an electric car avoids per kWh charged: the petrol car's emissions over the distance
 * one kWh drives an electric car (KM_PER_KWH, the autonomy chart's constant) minus the grid's
 * emissions for that kWh (never below zero). Brazil: 6.5 × 0.1216 − 0.0385 = 0.7519 kg/kWh.
 */
export function co2AvoidedPerKwh(gridKgCo2PerKwh: number): number {
  return Math.max(0, Math.round((KM_PER_KWH * PETROL_CAR_KG_CO2_PER_KM - gridKgCo2PerKwh) * 10_000) / 10_000);
}
/** The Brazilian figure (the default grid). */
export const CO2_AVOIDED_KG_PER_KWH = co2AvoidedPerKwh(GRID_FACTORS.BR!.kgCo2PerKwh);

/** kg of CO2 saved by `kWh` charged on a grid of `gridKgCo2PerKwh` (1 decimal; Brazil's grid by default). */
export function co2SavedKg(kWh: number, gridKgCo2PerKwh: number = GRID_FACTORS.BR!.kgCo2PerKwh): number {
  return Math.round(Math.max(0, kWh) * co2AvoidedPerKwh(gridKgCo2PerKwh) * 10) / 10;
}

/**
 * The sustainability ring: whole trees "cultivated" by the CO2 saved (one tree = one year of a
 * mature tree's absorption) and the progress, as a fraction, towards the next one.
 */
export function treeGoal(co2Kg: number): { cultivatedTree: number; treePercentageGoal: number } {
  const trees = Math.max(0, co2Kg) / TREE_KG_CO2_PER_YEAR;
  const cultivatedTree = Math.floor(trees + 1e-9);
  return { cultivatedTree, treePercentageGoal: Math.round((trees - cultivatedTree) * 10_000) / 10_000 };
}

// ---------------------------------------------------------------------------------------------
// Query (both calls)

/**
 * A local date or date-time (`YYYY-MM-DD`, `YYYY-MM-DD HH:mm:ss`, `YYYY-MM-DDTHH:mm:ss[.sss]`),
 * read in `timeZone`; an ISO instant with `Z` or an offset is taken as is.
 */
const STATS_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export const statsQuerySchema = z.object({
  /** Start of the period (inclusive). Default: 00:00:00 six days before today. */
  fromDate: z.preprocess(emptyToUndefined, z.string().regex(STATS_DATE_PATTERN, 'Use YYYY-MM-DD or YYYY-MM-DD HH:mm:ss').optional()),
  /** End of the period, inclusive to its last second (a date alone: the whole day). Default: today 23:59:59. */
  toDate: z.preprocess(emptyToUndefined, z.string().regex(STATS_DATE_PATTERN, 'Use YYYY-MM-DD or YYYY-MM-DD HH:mm:ss').optional()),
  /** IANA time zone of the dates (e.g. America/Sao_Paulo); default UTC. */
  timeZone: queryTimeZone,
});
export type StatsQuery = z.infer<typeof statsQuerySchema>;

const periodSchema = z.object({
  /** First instant of the period (ISO 8601, UTC). */
  fromDate: z.string(),
  /** First instant after the period (ISO 8601, UTC): the period is [fromDate, toDate). */
  toDate: z.string(),
  timeZone: z.string(),
});

// ---------------------------------------------------------------------------------------------
// GET stats/sums: what the period adds up to

const currencyAmountsSchema = z.object({
  /** ISO 4217 code of the tenants whose recharges these are. */
  coin: z.string(),
  /** Estimated cost of the energy for the operator, minor units. */
  cost: z.number().int(),
  /** Estimated income (what drivers pay, tax included, idle time excluded), minor units. */
  income: z.number().int(),
});
export type CurrencyAmounts = z.infer<typeof currencyAmountsSchema>;

export const statsSumsSchema = periodSchema.extend({
  /** Recharges started in the period at stations of the scope (running ones included). */
  recharges: z.number().int(),
  /** Distinct users with a recharge started in the period at a station of the scope. */
  usersCharged: z.number().int(),
  energy: z.object({
    /** kWh delivered by those recharges (running ones up to their latest meter value). */
    consumption: z.number(),
    /** Progress towards the next tree, as a fraction (0..1). */
    treePercentageGoal: z.number(),
    /** Whole trees whose yearly absorption equals the CO2 saved. */
    cultivatedTree: z.number().int(),
    /** Currency of `cost` and `income`: the signed-in user's tenant's. */
    coin: z.string(),
  }),
  envIndicator: z.object({
    /** kg of CO2 saved (1 decimal). */
    co2Saved: z.number(),
    /** The grid factor behind it (kg CO2 per kWh): the tenant's own or its country's default. */
    gridKgCo2PerKwh: z.number(),
    /** Where that factor comes from: 'MCTI_2023', 'EMBER_2023' or 'TENANT'. */
    gridSource: z.enum(gridSources),
  }),
  /**
   * Only for users with /financial-indicators permitted and the role DASH_FINANCIAL_INDICATORS;
   * absent otherwise. Finished recharges of the period in the currency `energy.coin`.
   */
  cost: z.number().int().optional(),
  income: z.number().int().optional(),
  /** Same condition: the amounts per currency when the scope holds tenants of several currencies. */
  byCurrency: z.array(currencyAmountsSchema).optional(),
});
export type StatsSums = z.infer<typeof statsSumsSchema>;

// ---------------------------------------------------------------------------------------------
// GET stats/info: users and stations

const stationStatusCountsSchema = z.object({
  total: z.number().int(),
  charging: z.number().int(),
  available: z.number().int(),
  unavailable: z.number().int(),
  maintenance: z.number().int(),
});
export type StationStatusCounts = z.infer<typeof stationStatusCountsSchema>;

export const statsInfoSchema = periodSchema.extend({
  /** Every user of the scope registered by the end of the period (drivers and staff). */
  totalUsers: z.number().int(),
  /** Drivers of the scope registered by the end of the period. */
  usersRegistered: z.number().int(),
  /** Distinct users charging now: an open recharge on a connector that reports a busy status. */
  usersCharging: z.number().int(),
  /** usersCharging / usersRegistered as a fraction (0..1), 0 without drivers. */
  userChargingPercentage: z.number(),
  /** Distinct users with a recharge started in the period (same figure as stats/sums). */
  usersCharged: z.number().int(),
  /** Stations of the scope (origin MOVE, not deleted) by status group, now. */
  statusChargeBox: stationStatusCountsSchema,
});
export type StatsInfo = z.infer<typeof statsInfoSchema>;

// ---------------------------------------------------------------------------------------------
// Live topic `<apiKey>/stats` (002 §3 stats store)

/**
 * Published after a station's status or a recharge changed (debounced per tenant), to the api
 * key of the station's tenant and of each ancestor, each with its own scope's figures. Money is
 * never on this topic: every user subscribed to the api key receives it, with or without the
 * financial indicators permission.
 */
export const liveStatsSchema = z.object({
  users: z.object({ total: z.number().int(), inUse: z.number().int(), notUsing: z.number().int() }),
  stations: z.object({
    total: z.number().int(),
    inUse: z.number().int(),
    available: z.number().int(),
    unavailable: z.number().int(),
    maintenance: z.number().int(),
  }),
  /** The current calendar month in the tenant's country time zone. */
  energy: z.object({ consumption: z.number(), coin: z.string() }),
  co2Saved: z.number(),
  treePercentageGoal: z.number(),
  cultivatedTree: z.number().int(),
  /** ISO 8601, UTC: when the figures were computed. */
  at: z.string(),
});
export type LiveStats = z.infer<typeof liveStatsSchema>;

// ---------------------------------------------------------------------------------------------
// POST chargepoints/plug-share/import: third-party points (PLUG_SHARE origin)

/** Columns of the import file (CSV, header row first; order free; names case-insensitive). */
export const plugShareColumns = ['id', 'name', 'latitude', 'longitude', 'street', 'city', 'state', 'connectors'] as const;
export const plugShareRequiredColumns = ['id', 'name', 'latitude', 'longitude'] as const;
export const PLUG_SHARE_MAX_ROWS = 5000;
/** Bytes. */
export const PLUG_SHARE_MAX_FILE = 2 * 1024 * 1024;

export const plugShareImportQuerySchema = z.object({
  /** Tenant that receives the points (in the caller's scope); default the caller's tenant. */
  tenantPk: queryId,
  /** true: points of the tenant that the file does not list are removed. Default false (merge). */
  replace: queryBoolean,
});
export type PlugShareImportQuery = z.infer<typeof plugShareImportQuerySchema>;

export const plugShareImportResponseSchema = z.object({
  tenantPk: z.number().int().max(INT4_MAX),
  /** Rows read (header excluded). */
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Points removed by `replace=true`. */
  removed: z.number().int(),
});
export type PlugShareImportResponse = z.infer<typeof plugShareImportResponseSchema>;

/**
 * A rejected file answers 400 `{ code: 'PLUG_SHARE_INVALID', message, fields }` where each key of
 * `fields` is `<line>.<column>` (the file's line number, header = 1) or `file` for the file as a
 * whole, and nothing is written.
 */
export const plugShareFieldKey = (line: number, column: string) => `${line}.${column}`;

// GET chargepoints/plug-share: the third-party points of one tenant (the import screen's list)

export const plugSharePointListQuerySchema = z.object({
  /** Tenant whose points are listed (in the caller's scope); default the caller's tenant. */
  tenantPk: queryId,
});
export type PlugSharePointListQuery = z.infer<typeof plugSharePointListQuerySchema>;

const plugSharePointSchema = z.object({
  chargeBoxPk: z.number().int().max(INT4_MAX),
  chargeBoxId: z.string(),
  /** The point's id in the imported file (column `id`). */
  id: z.string(),
  name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  /** Connector type names, in connector order. */
  connectors: z.array(z.string()),
  /** When the point was created or last updated by an import (ISO 8601, UTC). */
  updatedAt: z.string(),
});
export type PlugSharePoint = z.infer<typeof plugSharePointSchema>;

export const plugSharePointListResponseSchema = z.object({
  tenantPk: z.number().int().max(INT4_MAX),
  count: z.number().int(),
  points: z.array(plugSharePointSchema),
});
export type PlugSharePointListResponse = z.infer<typeof plugSharePointListResponseSchema>;
