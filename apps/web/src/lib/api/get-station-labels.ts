import { queryOptions, useQueries } from '@tanstack/react-query';
import type { ChargePointDetail } from '@recarga/contracts/stations';
import { apiClient } from '../api-client';
import { toStationOption, type StationLabels, type StationOption } from './station-labels';
import { stationPickerKeys } from './station-picker-keys';

/** GET /api/chargepoints/{chargeBoxPk}/ → the station's label ('Name (ChargeBox ID)'). */
async function getStationOption(pk: number, signal?: AbortSignal): Promise<StationOption> {
  const answer = await apiClient.request<{ chargePointDetail: ChargePointDetail }>({ path: `chargepoints/${pk}/`, signal });
  return toStationOption(answer.chargePointDetail);
}

const stationLabelQuery = (pk: number) =>
  queryOptions({
    queryKey: stationPickerKeys.label(pk),
    queryFn: ({ signal }) => getStationOption(pk, signal),
    staleTime: 5 * 60_000,
    // A station out of reach (gone, another network) is named by its number instead.
    retry: false,
  });

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
    queries: pks.map((pk) => stationLabelQuery(pk)),
    combine: (results) => {
      const labels = new Map<number, string>();
      const pending = new Set<number>();
      const failed = new Set<number>();
      results.forEach((result, i) => {
        const pk = pks[i]!;
        if (result.data) labels.set(pk, result.data.label);
        else if (result.isError) failed.add(pk);
        else pending.add(pk);
      });
      return { labels, pending, failed };
    },
  });
}
