import { useQueryClient } from '@tanstack/react-query';
import { useLiveMessages } from '../../../lib/live-context';
import { readLiveChargeBox, readLiveConnectorStatus } from '../../../lib/live-data';
import { boundsOfKey, mapKeys, type MapView } from '../../../lib/api/get-map-charge-points';
import { applyChargeBoxToView, applyConnectorStatusToMap, mapViewStations } from './apply-map-update';

/**
 * Keeps every cached viewport of the map current from the live connection: connector statuses
 * (station and connector topics) recolour markers, station updates bring online state, manual
 * statuses and positions, and a station added, deleted or moved inside a viewport makes that
 * viewport ask again (applyChargeBoxToView). No reload, no polling.
 */
export function useLiveMap(): void {
  const queryClient = useQueryClient();
  useLiveMessages((message) => {
    const kind = message.parsed?.kind;
    const views = { queryKey: mapKeys.origin('MOVE') };
    if (kind === 'connectorStatus' || kind === 'chargeBoxStatus') {
      const status = readLiveConnectorStatus(message.data);
      if (status)
        queryClient.setQueriesData<MapView>(views, (view) => mapViewStations(view, (list) => applyConnectorStatusToMap(list, status)));
    } else if (kind === 'chargeBox') {
      const update = readLiveChargeBox(message.data);
      if (!update) return;
      for (const [key, view] of queryClient.getQueriesData<MapView>(views)) {
        const bounds = boundsOfKey(key);
        if (bounds === null) continue;
        const next = applyChargeBoxToView(view, bounds, update);
        if (next === 'refetch') void queryClient.invalidateQueries({ queryKey: key, exact: true });
        else if (next !== view) queryClient.setQueryData(key, next);
      }
    }
  });
}
