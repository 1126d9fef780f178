import { useQueries } from '@tanstack/react-query';
import { chargePointDetailQuery } from './get-charge-point-detail';
import { stationLabel, type StationLabels } from './station-labels';

export interface StationLabelLookup {
  /** The labels found so far. */
  labels: StationLabels;
  /** Stations whose label is still travelling. */
  pending: ReadonlySet<number>;
  /** Stations whose label could not be read. */
  failed: ReadonlySet<number>;
}

/**
 * The labels of chosen stations that no search answer named (a voucher's stations, a filter
 * restored from the address), one detail call per station.
 */
export function useStationLabels(pks: readonly number[]): StationLabelLookup {
  return useQueries({
    queries: pks.map((pk) => ({ ...chargePointDetailQuery(pk), select: stationLabel })),
    combine: (results) => {
      const labels = new Map<number, string>();
      const pending = new Set<number>();
      const failed = new Set<number>();
      results.forEach((result, i) => {
        const pk = pks[i]!;
        if (result.data) labels.set(pk, result.data);
        else if (result.isError) failed.add(pk);
        else pending.add(pk);
      });
      return { labels, pending, failed };
    },
  });
}
