import { z } from 'zod';
import { emptyToUndefined, INT4_MAX } from './query';

/**
 * GET /api/stations/dashboard/graphs/: the six charts of the statistics page (000 §2) and the
 * station card's energy chart (001 §2: days=28 & stationId). Series points follow 001 §3
 * "Chart series": `{ key, title, tooltip, className, series: [{ x, y }] }`.
 */

const GRAPH_DAYS = [7, 28, 365] as const;
/** Kilometres an average electric car drives per kWh, used by the autonomy chart. */
export const KM_PER_KWH = 6.5;

export const graphsQuerySchema = z.object({
  days: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .refine((d) => (GRAPH_DAYS as readonly number[]).includes(d), { message: 'days must be 7, 28 or 365' })
      .default(7),
  ),
  /** chargeBoxPk of one station. */
  stationId: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().max(INT4_MAX).optional()),
  /** user_pk: recharges of one driver. */
  userId: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().max(INT4_MAX).optional()),
  /**
   * Hours to add to local time to get UTC (JavaScript's getTimezoneOffset()/60: 3 in Brasília).
   * Days and hours of the charts are local days and hours.
   */
  timeDiff: z.preprocess(emptyToUndefined, z.coerce.number().min(-14).max(14).default(0)),
});
export type GraphsQuery = z.infer<typeof graphsQuerySchema>;

const graphKeys = ['recharges', 'duration', 'energy', 'autonomy', 'lengthOfStay', 'popularHours'] as const;
export type GraphKey = (typeof graphKeys)[number];

const graphPointSchema = z.object({ x: z.union([z.string(), z.number()]), y: z.number() });

const graphSchema = z.object({
  key: z.enum(graphKeys),
  title: z.string(),
  tooltip: z.string(),
  className: z.string(),
  series: z.array(graphPointSchema),
});
export type Graph = z.infer<typeof graphSchema>;

export const graphsResponseSchema = z.object({
  days: z.number().int(),
  /** First and last local day of the period ('YYYY-MM-DD'). */
  fromDate: z.string(),
  toDate: z.string(),
  graphs: z.array(graphSchema),
});
export type GraphsResponse = z.infer<typeof graphsResponseSchema>;
