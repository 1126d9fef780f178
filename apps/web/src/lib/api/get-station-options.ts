import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMapChargePoints } from './get-map-charge-points';

/** A station of the scope as a picker offers it. */
interface StationOption {
  chargeBoxPk: number;
  chargeBoxId: string;
  description: string | null;
  /** 'Name (ChargeBox ID)', or the ChargeBox ID alone for a station without a name. */
  label: string;
}

/** The stations of the caller's scope for a station picker (the MOVE map list), in the server's order. */
async function getStationOptions(signal?: AbortSignal): Promise<StationOption[]> {
  const stations = await getMapChargePoints('MOVE', signal);
  return stations.map((s) => ({
    chargeBoxPk: s.chargeBoxPk,
    chargeBoxId: s.chargeBoxId,
    description: s.description,
    label: s.description ? `${s.description} (${s.chargeBoxId})` : s.chargeBoxId,
  }));
}

const stationOptionsQuery = () =>
  queryOptions({
    queryKey: ['stationOptions'] as const,
    queryFn: ({ signal }) => getStationOptions(signal),
    staleTime: 5 * 60_000,
    // A picker that cannot load stays empty; it does not hold the screen retrying.
    retry: false,
  });

export function useStationOptions() {
  return useQuery(stationOptionsQuery());
}
