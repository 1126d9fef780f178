/**
 * Constants of the home dashboard's figures (see stats.ts, docs/decisions-dashboard.md). No zod
 * here: the dashboard's first load reads them, and the schemas would bring the whole of zod.
 */

/** Earliest selectable date of the dashboard's period (000 §5). */
export const STATS_MIN_DATE = '2010-01-01';
/** Default period: the last 7 days (000 §9). */
export const STATS_DEFAULT_DAYS = 7;

/** CO2 a mature tree absorbs in a year (European Environment Agency): about 22 kg. */
export const TREE_KG_CO2_PER_YEAR = 22;
